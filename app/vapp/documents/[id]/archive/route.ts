import { z } from "zod";
import { archiveDocument } from "@/lib/documents/archive-document";
import { route } from "@/lib/http/route";

/** { archived }: archives the document, or brings it back (owner). */
export const POST = route(
  { operation: "archiveDocument", input: z.object({ archived: z.boolean() }).strict() },
  async ({ ctx, params, input }) => archiveDocument(ctx, params.id, input.archived),
);

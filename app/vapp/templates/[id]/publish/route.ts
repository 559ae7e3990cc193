import { z } from "zod";
import { route } from "@/lib/http/route";
import { publishUnpublishTemplate } from "@/lib/templates/templates";

/** { published: true | false } */
export const POST = route(
  { operation: "publishUnpublishTemplate", input: z.object({ published: z.boolean() }).strict() },
  async ({ ctx, params, input }) => publishUnpublishTemplate(ctx, params.id, input.published),
);

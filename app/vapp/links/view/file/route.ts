import { z } from "zod";
import { bearerToken } from "@/lib/links/link-access";
import { getLinkedDocumentFile } from "@/lib/links/linked-document";
import { fileResponse } from "@/lib/http/file-response";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const querySchema = z.object({ inline: z.enum(["1"]).optional() }).strict();

/** The shared document's latest file for `Authorization: Bearer <link access token>`; ?inline=1 to show a PDF. */
export const GET = route({ operation: "linkedDocumentFile", input: querySchema }, async ({ ctx, src, input }) => {
  const inline = input.inline === "1";
  return fileResponse(await getLinkedDocumentFile(ctx, bearerToken(src.header("authorization")), { inline }), { inline });
});

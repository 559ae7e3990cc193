import { z } from "zod";
import { deleteDocumentAttachment, getDocumentAttachmentFile } from "@/lib/documents/attachments";
import { parseInput } from "@/lib/http/parse-input";
import { fileResponse } from "@/lib/http/file-response";
import { route } from "@/lib/http/route";

const querySchema = z.object({ inline: z.enum(["1"]).optional() }).strict();

/** Downloads an attachment (reader); ?inline=1 lets the browser show a PDF or an image. */
export const GET = route({ operation: "getAttachmentFile" }, async ({ ctx, params, req }) => {
  const query = parseInput(querySchema, Object.fromEntries(new URL(req.url).searchParams), "getAttachmentFile");
  return fileResponse(await getDocumentAttachmentFile(ctx, params.id, params.attachmentId), { inline: query.inline === "1" });
});

/** Removes an annex (editor); the file of a field stays. */
export const DELETE = route({ operation: "deleteAttachment" }, async ({ ctx, params }) =>
  deleteDocumentAttachment(ctx, params.id, params.attachmentId),
);

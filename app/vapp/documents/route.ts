import { z } from "zod";
import { createDocumentFromUpload, documentFieldsSchema, importDocuments } from "@/lib/documents/create-document";
import { deleteDocuments } from "@/lib/documents/update-document";
import { uploadMaxFiles } from "@/lib/files/upload-limits";
import { parseInput } from "@/lib/http/parse-input";
import { readUpload } from "@/lib/http/read-upload";
import { route } from "@/lib/http/route";

/** Uploads one document (multipart `file` + optional `data`), or several at once (import). */
export const POST = route({ operation: "createDocument" }, async ({ ctx, req }) => {
  const { files, data } = await readUpload(req, "createDocument", { maxFiles: uploadMaxFiles() });
  const fields = parseInput(documentFieldsSchema, data, "createDocument");
  if (files.length > 1) return { items: await importDocuments(ctx, fields, files) };
  return createDocumentFromUpload(ctx, fields, files[0]);
});

const idsSchema = z.object({ ids: z.array(z.string().min(1).max(64)).min(1).max(100) }).strict();

/** Bulk delete: { ids }. */
export const DELETE = route({ operation: "bulkDeleteDocuments", input: idsSchema }, async ({ ctx, input }) => ({
  ids: await deleteDocuments(ctx, input.ids),
}));

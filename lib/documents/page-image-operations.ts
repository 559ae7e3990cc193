import { z } from "zod";
import { fileResponse } from "@/lib/http/file-response";
import { defineOperation, fileOutput } from "@/lib/operations/operation";
import { documentForPages } from "./page-access";
import { documentPageCount, documentPageImage } from "./page-images";
import { idString } from "@/lib/validation/ids";

/**
 * The pages of a document as PNG images, for members (reader), and for the signer or reviewer
 * whose link names this document (lib/documents/page-access.ts). docs/approvals-and-signatures.md.
 */
const callers = { callers: ["member", "apiToken", "signer", "reviewer"] } as const;
const id = idString();

export const documentPageImageOperation = defineOperation({
  name: "documentPageImage",
  kind: "download",
  description: "Page {page} (1-based) of the document's latest version as a PNG image.",
  ...callers,
  ids: ["id"],
  input: z.object({ id, page: z.coerce.number().int().min(1).max(5000) }).strict(),
  output: fileOutput,
  run: async (ctx, input) => {
    const { accountId, documentId } = await documentForPages(ctx, input.id);
    const png = await documentPageImage(accountId, documentId, input.page);
    const file = {
      stream: new Blob([png as BlobPart]).stream(),
      size: png.byteLength,
      mimetype: "image/png",
      fileName: `page-${input.page}.png`,
    };
    return fileResponse(file, { inline: true, cacheControl: "private, max-age=300" });
  },
});

export const documentPageCountOperation = defineOperation({
  name: "documentPageCount",
  kind: "query",
  description: "How many pages the document's latest version has (CONVERTER_UNAVAILABLE for a Word file without its PDF).",
  ...callers,
  ids: ["id"],
  input: z.object({ id }).strict(),
  output: z.object({ id: z.string(), pageCount: z.number().int() }),
  run: async (ctx, input) => {
    const { accountId, documentId } = await documentForPages(ctx, input.id);
    return { id: documentId, pageCount: await documentPageCount(accountId, documentId) };
  },
});

export const pageImageOperations = [documentPageImageOperation, documentPageCountOperation];

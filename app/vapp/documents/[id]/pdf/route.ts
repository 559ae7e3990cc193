import { z } from "zod";
import { getDocumentPdf } from "@/lib/documents/pdf-rendition";
import { parseInput } from "@/lib/http/parse-input";
import { fileResponse } from "@/lib/http/file-response";
import { route } from "@/lib/http/route";

const querySchema = z.object({ version: z.coerce.number().int().min(1).optional(), inline: z.enum(["1"]).optional() }).strict();

/** A version as PDF (Word versions through LibreOffice when it is installed). */
export const GET = route({ operation: "getDocumentPdf" }, async ({ ctx, params, req }) => {
  const query = parseInput(querySchema, Object.fromEntries(new URL(req.url).searchParams), "getDocumentPdf");
  return fileResponse(await getDocumentPdf(ctx, params.id, query.version), { inline: query.inline === "1" });
});

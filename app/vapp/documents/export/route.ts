import { exportDocumentsCsv } from "@/lib/documents/export-csv";
import { documentListSchema } from "@/lib/documents/find-documents";
import { documentListFromQuery } from "@/lib/documents/list-query";
import { parseInput } from "@/lib/http/parse-input";
import { route } from "@/lib/http/route";
import { fileResponse } from "@/lib/http/file-response";

/** The /docs list with the same filters (status=…&q=…), as a CSV download. */
export const GET = route({ operation: "exportDocuments" }, async ({ ctx, req }) => {
  const input = documentListFromQuery(new URL(req.url).searchParams);
  const filters = parseInput(
    documentListSchema,
    Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
    "exportDocuments",
  );
  const day = new Date().toISOString().slice(0, 10);
  return fileResponse({
    stream: await exportDocumentsCsv(ctx, filters),
    mimetype: "text/csv; charset=utf-8",
    fileName: `documents-${day}.csv`,
  });
});

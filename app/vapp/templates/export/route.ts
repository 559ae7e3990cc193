import { parseInput } from "@/lib/http/parse-input";
import { route } from "@/lib/http/route";
import { fileResponse } from "@/lib/http/file-response";
import { exportTemplatesCsv } from "@/lib/templates/export-templates";
import { templateListFromQuery } from "@/lib/templates/find-templates-query";
import { templateListSchema } from "@/lib/templates/templates";

/** The /templates list with the same filters (state=…&q=…&author=…), as a CSV download. */
export const GET = route({ operation: "exportTemplates" }, async ({ ctx, req }) => {
  const input = templateListFromQuery(new URL(req.url).searchParams);
  const filters = parseInput(
    templateListSchema,
    Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
    "exportTemplates",
  );
  const day = new Date().toISOString().slice(0, 10);
  return fileResponse({
    stream: await exportTemplatesCsv(ctx, filters),
    mimetype: "text/csv; charset=utf-8",
    fileName: `templates-${day}.csv`,
  });
});

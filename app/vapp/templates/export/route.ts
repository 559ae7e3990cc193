import { parseInput } from "@/lib/http/parse-input";
import { route } from "@/lib/http/route";
import { exportTemplatesCsv } from "@/lib/templates/export-templates";
import { templateListFromQuery } from "@/lib/templates/find-templates-query";
import { templateListSchema } from "@/lib/templates/templates";

/** The /templates list with the same filters (state=…&q=…&author=…), as a CSV download. */
export const GET = route({ operation: "exportTemplates" }, async ({ ctx, req }) => {
  const input = templateListFromQuery(new URL(req.url).searchParams);
  const filters = parseInput(templateListSchema, Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)), "exportTemplates");
  const day = new Date().toISOString().slice(0, 10);
  return new Response(await exportTemplatesCsv(ctx, filters), {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="templates-${day}.csv"`, "cache-control": "private, no-store" },
  });
});

import { publicTemplateListSchema, toPublicTemplate } from "@/lib/api/public-template";
import { requireApiKey } from "@/lib/api/require-api-key";
import { route } from "@/lib/http/route";
import { parseInput } from "@/lib/http/parse-input";
import { findTemplates } from "@/lib/templates/templates";

/** GET /v1/templates: a page of the key's account's templates (the key is checked before the query). */
export const GET = route({ operation: "findTemplates" }, async ({ ctx, req }) => {
  requireApiKey(ctx);
  const query = parseInput(publicTemplateListSchema, Object.fromEntries(new URL(req.url).searchParams), "findTemplates");
  const { page, pages, perPage, total, items } = await findTemplates(ctx, query);
  return { page, pages, perPage, total, items: items.map((template) => toPublicTemplate(template)) };
});

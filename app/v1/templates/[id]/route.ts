import { publicTemplateGetSchema, toPublicTemplate } from "@/lib/api/public-template";
import { requireApiKey } from "@/lib/api/require-api-key";
import { route } from "@/lib/http/route";
import { parseInput } from "@/lib/http/parse-input";
import { getTemplate } from "@/lib/templates/templates";

/** GET /v1/templates/{id}?expandable=author,folder,file: one template of the key's account, else 404. */
export const GET = route({ operation: "getTemplate" }, async ({ ctx, req, params }) => {
  requireApiKey(ctx);
  const query = parseInput(publicTemplateGetSchema, { ...Object.fromEntries(new URL(req.url).searchParams), id: params.id }, "getTemplate");
  return toPublicTemplate(await getTemplate(ctx, query.id), query.expandable);
});

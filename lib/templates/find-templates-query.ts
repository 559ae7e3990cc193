import { listQueryFromParams } from "@/lib/documents/list-query";
import type { TemplateListInput } from "./templates";

/**
 * The /templates filters as they live in the address bar (state=published&tag=x&folder=root
 * &author=…&dateField=updatedAt&from=…&to=…&orderBy=name&sortBy=asc), read into findTemplates'
 * input the same way as the /docs ones. Unknown values are left for its validation to refuse.
 */
export function templateListFromQuery(params: URLSearchParams): TemplateListInput {
  const state = params.get("state");
  const common = listQueryFromParams(params);
  return {
    ...common,
    published: state === "published" ? true : state === "draft" ? false : undefined,
    dateField: common.dateField as TemplateListInput["dateField"],
    orderBy: common.orderBy as TemplateListInput["orderBy"],
    sortBy: common.sortBy as TemplateListInput["sortBy"],
  };
}

import { route } from "@/lib/http/route";
import { deleteTemplates, getTemplate, templateFieldsSchema, updateTemplate } from "@/lib/templates/templates";

export const GET = route({ operation: "getTemplate" }, async ({ ctx, params }) => getTemplate(ctx, params.id));

/** Updates details and field definitions. */
export const PUT = route({ operation: "updateTemplate", input: templateFieldsSchema }, async ({ ctx, params, input }) =>
  updateTemplate(ctx, params.id, input),
);

export const DELETE = route({ operation: "deleteTemplate" }, async ({ ctx, params }) => ({ ids: await deleteTemplates(ctx, [params.id]) }));

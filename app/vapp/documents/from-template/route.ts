import { createDocumentFromTemplate, createFromTemplateSchema } from "@/lib/documents/create-document";
import { route } from "@/lib/http/route";

/** { templateId, values, fields }: fills a published template. */
export const POST = route({ operation: "createDocument", input: createFromTemplateSchema }, async ({ ctx, input }) => createDocumentFromTemplate(ctx, input));

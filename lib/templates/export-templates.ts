import type { ServiceContext } from "@/lib/auth/context";
import { csvStream } from "@/lib/documents/export-csv";
import { getTranslator } from "@/lib/i18n/messages";
import { templatesWhere } from "./template-access";
import type { TemplateListFilters } from "./find-templates";
import { findTemplates } from "./templates";

/**
 * The filtered template list of the caller's account as CSV: UTF-8 with BOM, at most
 * EXPORT_MAX_ROWS rows like the document export, the state labelled in the caller's language.
 * Checks ViewTemplates before the download starts, so a refusal is an error response and not an
 * empty file; every page is then read through findTemplates, scoped to the account.
 */
export async function exportTemplatesCsv(ctx: ServiceContext, filters: TemplateListFilters): Promise<ReadableStream<Uint8Array>> {
  templatesWhere(ctx, "view");
  const t = getTranslator(ctx.locale);
  const header = [
    "name",
    "state",
    "format",
    "fields",
    "category",
    "folder",
    "tags",
    "author",
    "language",
    "jurisdiction",
    "value",
    "currency",
    "createdAt",
    "updatedAt",
  ];
  return csvStream(header, async (page, size) => {
    const result = await findTemplates(ctx, { ...filters, page, size });
    return result.items.map((template) => [
      template.name,
      t(template.published ? "templates.published" : "templates.draft"),
      template.format,
      Array.isArray(template.variables) ? template.variables.length : 0,
      template.category?.name,
      template.folder?.name,
      template.tags.map((tag) => tag.name).join(", "),
      template.author ? `${template.author.firstName} ${template.author.lastName}`.trim() || template.author.email : "",
      template.language,
      template.jurisdiction,
      template.value?.toString(),
      template.currency,
      template.createdAt,
      template.updatedAt,
    ]);
  });
}

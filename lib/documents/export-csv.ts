import type { ServiceContext } from "@/lib/auth/context";
import { getTranslator } from "@/lib/i18n/messages";
import { findDocuments, type DocumentListInput } from "./find-documents";

/** Rows in one export at most. */
export const EXPORT_MAX_ROWS = 10_000;

/** A CSV cell: quoted, and a leading = + - @ neutralised so spreadsheets do not run it as a formula. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * The filtered document list as CSV (UTF-8 with BOM for spreadsheets), streamed page by page
 * so memory stays flat; statuses are labelled in the caller's language.
 */
export function exportDocumentsCsv(ctx: ServiceContext, filters: DocumentListInput): ReadableStream<Uint8Array> {
  const t = getTranslator(ctx.locale);
  const encoder = new TextEncoder();
  const header = ["ref", "name", "status", "category", "tags", "author", "createdAt", "updatedAt", "startedAt", "endedAt", "value", "currency"];
  let page = 1;
  let sent = 0;
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(`\ufeff${header.map(csvCell).join(",")}\r\n`));
    },
    async pull(controller) {
      const result = await findDocuments(ctx, { ...filters, page, size: 100, search: filters.search, orderBy: filters.orderBy === "relevance" ? "updatedAt" : filters.orderBy });
      const rows = result.items.map((d) =>
        [
          d.ref,
          d.name,
          t(`documents.status.${d.status}`),
          d.category?.name,
          d.tags.map((tag) => tag.name).join(", "),
          d.author ? `${d.author.firstName} ${d.author.lastName}`.trim() || d.author.email : "",
          d.createdAt,
          d.updatedAt,
          d.startedAt,
          d.endedAt,
          d.value?.toString(),
          d.currency,
        ]
          .map(csvCell)
          .join(","),
      );
      if (rows.length) controller.enqueue(encoder.encode(rows.join("\r\n") + "\r\n"));
      sent += rows.length;
      page += 1;
      if (rows.length < 100 || sent >= EXPORT_MAX_ROWS) controller.close();
    },
  });
}

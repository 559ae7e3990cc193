import type { ServiceContext } from "@/lib/auth/context";
import { getTranslator } from "@/lib/i18n/messages";
import { findDocuments } from "./find-documents";
import { type DocumentListInput } from "./document-list-sql";

/** Rows in one export at most. */
export const EXPORT_MAX_ROWS = 10_000;
/** Rows read per page while exporting. */
const EXPORT_PAGE_SIZE = 100;

/** A CSV cell: quoted, and a leading = + - @ neutralised so spreadsheets do not run it as a formula. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * A list as CSV (UTF-8 with BOM for spreadsheets, CRLF lines), streamed page by page so memory
 * stays flat, and cut at EXPORT_MAX_ROWS. `readPage` returns the cells of one page of
 * EXPORT_PAGE_SIZE rows (1-based). Shared by the document and template exports. The first page
 * is read before the stream is returned, so a refusal (not signed in, no permission) is an HTTP
 * error and not a download that breaks after its header.
 */
export async function csvStream(
  header: string[],
  readPage: (page: number, size: number) => Promise<unknown[][]>,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const first = await readPage(1, EXPORT_PAGE_SIZE);
  let page = 1;
  let sent = 0;
  const take = (rows: unknown[][]) => {
    const kept = rows.slice(0, EXPORT_MAX_ROWS - sent);
    sent += kept.length;
    page += 1;
    return {
      chunk: kept.length ? encoder.encode(kept.map((cells) => cells.map(csvCell).join(",")).join("\r\n") + "\r\n") : null,
      done: rows.length < EXPORT_PAGE_SIZE || sent >= EXPORT_MAX_ROWS,
    };
  };
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(`\ufeff${header.map(csvCell).join(",")}\r\n`));
      const { chunk, done } = take(first);
      if (chunk) controller.enqueue(chunk);
      if (done) controller.close();
    },
    async pull(controller) {
      const { chunk, done } = take(await readPage(page, EXPORT_PAGE_SIZE));
      if (chunk) controller.enqueue(chunk);
      if (done) controller.close();
    },
  });
}

/**
 * The filtered document list as CSV (UTF-8 with BOM for spreadsheets), streamed page by page
 * so memory stays flat; statuses are labelled in the caller's language.
 */
export async function exportDocumentsCsv(ctx: ServiceContext, filters: DocumentListInput): Promise<ReadableStream<Uint8Array>> {
  const t = getTranslator(ctx.locale);
  const header = [
    "ref",
    "name",
    "status",
    "category",
    "tags",
    "author",
    "createdAt",
    "updatedAt",
    "startedAt",
    "endedAt",
    "value",
    "currency",
  ];
  return csvStream(header, async (page, size) => {
    const result = await findDocuments(ctx, {
      ...filters,
      page,
      size,
      search: filters.search,
      orderBy: filters.orderBy === "relevance" ? "updatedAt" : filters.orderBy,
    });
    return result.items.map((d) => [
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
    ]);
  });
}

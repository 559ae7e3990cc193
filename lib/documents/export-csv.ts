import type { AccountContext, ServiceContext } from "@/lib/auth/context";
import { db } from "@/lib/db";
import { getTranslator } from "@/lib/i18n/messages";
import { documentsInOrder, type DocumentListFilters } from "./find-documents";

/** Rows in one export at most. */
export const EXPORT_MAX_ROWS = 10_000;
/** Rows read per page while exporting: a list page at most (the template export pages its list). */
export const EXPORT_PAGE_SIZE = 100;
/** Rows the document export loads at a time, by id (a quarter less time than 100 at 10,000 rows). */
const DOCUMENT_EXPORT_SLICE = 500;

/** A CSV cell: quoted, and a leading = + - @ neutralised so spreadsheets do not run it as a formula. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * A list as CSV (UTF-8 with BOM for spreadsheets, CRLF lines), streamed page by page so memory
 * stays flat, and cut at EXPORT_MAX_ROWS. `readPage` returns the cells of one page of `pageSize`
 * rows (1-based); an empty page ends the list (a short one does not: a row deleted meanwhile may
 * shorten a page of the document export). Shared by the document and template exports. The first
 * page is read before the stream is returned, so a refusal (not signed in, no permission) is an
 * HTTP error and not a download that breaks after its header.
 */
export async function csvStream(
  header: string[],
  readPage: (page: number, size: number) => Promise<unknown[][]>,
  pageSize = EXPORT_PAGE_SIZE,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const first = await readPage(1, pageSize);
  let page = 1;
  let sent = 0;
  const take = (rows: unknown[][]) => {
    const kept = rows.slice(0, EXPORT_MAX_ROWS - sent);
    sent += kept.length;
    page += 1;
    return {
      chunk: kept.length ? encoder.encode(kept.map((cells) => cells.map(csvCell).join(",")).join("\r\n") + "\r\n") : null,
      done: rows.length === 0 || sent >= EXPORT_MAX_ROWS,
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
      const { chunk, done } = take(await readPage(page, pageSize));
      if (chunk) controller.enqueue(chunk);
      if (done) controller.close();
    },
  });
}

/** What a row of the export shows, and nothing more (a list row's whole answer cost twice the time). */
const exportSelect = {
  id: true,
  ref: true,
  name: true,
  status: true,
  createdAt: true,
  updatedAt: true,
  startedAt: true,
  endedAt: true,
  value: true,
  currency: true,
  category: { select: { name: true } },
  tags: { select: { name: true } },
  author: { select: { firstName: true, lastName: true, email: true } },
} as const;

/**
 * The filtered document list as CSV (UTF-8 with BOM for spreadsheets), in the list's order (by
 * update time instead of relevance), streamed page by page so memory stays flat; statuses are
 * labelled in the caller's language. The list's ids are read once (documentsInOrder).
 */
export async function exportDocumentsCsv(ctx: ServiceContext, filters: DocumentListFilters): Promise<ReadableStream<Uint8Array>> {
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
  const { accountId } = ctx as AccountContext;
  const read = await documentsInOrder(
    ctx,
    { ...filters, orderBy: filters.orderBy === "relevance" ? "updatedAt" : filters.orderBy },
    EXPORT_MAX_ROWS,
    (ids) => db.document.findMany({ where: { id: { in: ids }, accountId }, select: exportSelect }),
  );
  return csvStream(
    header,
    async (page, size) => {
      const documents = await read((page - 1) * size, page * size);
      return documents.map((d) => [
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
    },
    DOCUMENT_EXPORT_SLICE,
  );
}

import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { fileResponse } from "@/lib/http/file-response";
import { formatCurrency, formatDate } from "@/lib/i18n/format";
import { getTranslator } from "@/lib/i18n/messages";
import { pdfPrintable } from "@/lib/files/pdf-printable";
import type { InvoiceLine } from "./provider";

const printable = (font: PDFFont, text: string) => pdfPrintable(text, font);

/**
 * The receipt of one of the workspace's offline invoices (docs/billing.md, "Past invoices"): a
 * one-page PDF in the reader's language with the number, dates, lines, discount, tax, the
 * customer's balance applied, total and status, shown inline. Another workspace's invoice, or Stripe's (read on Stripe's own page), is
 * NOT_FOUND. Needs ManageBilling.
 */
export async function getInvoiceReceipt(ctx: ServiceContext, input: { id: string }): Promise<Response> {
  const { accountId } = accountScope(ctx);
  const invoice = await db.localInvoice.findFirst({ where: { id: input.id, accountId } });
  if (!invoice) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Invoice not found." });
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId } });
  const t = getTranslator(ctx.locale);
  const money = (cents: number) => formatCurrency(ctx.locale, cents, invoice.currency);
  const day = (date: Date) => formatDate(ctx.locale, date, { dateStyle: "long", timeZone: "UTC" });

  const pdf = await PDFDocument.create();
  pdf.setTitle(`${t("billing.invoices.receipt")} ${invoice.number ?? invoice.id}`);
  pdf.setCreationDate(invoice.createdAt);
  const page = pdf.addPage([595, 842]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 780;
  const write = (target: PDFPage, text: string, x: number, options: { font?: PDFFont; size?: number; right?: boolean } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 11;
    const clean = printable(font, text);
    const left = options.right ? x - font.widthOfTextAtSize(clean, size) : x;
    target.drawText(clean, { x: left, y, size, font, color: rgb(0.1, 0.1, 0.12) });
  };
  const row = (label: string, value: string, font: PDFFont = regular) => {
    write(page, label, 50, { font });
    write(page, value, 545, { font, right: true });
    y -= 20;
  };

  write(page, t("billing.invoices.receipt"), 50, { font: bold, size: 22 });
  y -= 36;
  row(t("billing.invoices.number"), invoice.number ?? invoice.id);
  row(t("billing.invoices.date"), day(invoice.createdAt));
  if (invoice.periodStart && invoice.periodEnd)
    row(t("billing.invoices.period"), `${day(invoice.periodStart)} – ${day(invoice.periodEnd)}`);
  row(t("billing.invoices.status"), t(invoice.status === "paid" ? "billing.invoices.statuses.paid" : "billing.invoices.statuses.open"));
  y -= 14;
  write(page, t("billing.invoices.billedTo"), 50, { font: bold });
  y -= 18;
  const address = (account.address ?? {}) as Record<string, string | null>;
  for (const line of [
    account.legalName ?? account.name,
    address.line1,
    address.line2,
    [address.postalCode, address.city].filter(Boolean).join(" "),
    [address.state, address.country].filter(Boolean).join(", "),
    account.taxId,
  ].filter((value): value is string => !!value)) {
    write(page, line, 50);
    y -= 16;
  }
  y -= 18;
  for (const line of invoice.lines as unknown as InvoiceLine[]) {
    const label = line.type === "unused" ? t("billing.invoices.lineUnused") : t("billing.invoices.linePlan");
    row(`${label} × ${line.quantity}`, money(line.amount));
  }
  y -= 6;
  row(t("billing.subtotal"), money(invoice.subtotal));
  if (invoice.discount) row(t("billing.discount"), money(-invoice.discount));
  row(t("billing.tax"), money(invoice.tax));
  // The customer's balance (lib/billing/local-invoices.ts): a credit used, or one kept for later.
  const charged = Math.max(invoice.total, 0);
  const applied = charged - (invoice.subtotal - invoice.discount + invoice.tax);
  if (applied) row(t(applied < 0 ? "billing.appliedBalance" : "billing.creditToBalance"), money(applied));
  row(t("billing.total"), money(charged), bold);

  const bytes = await pdf.save();
  return fileResponse(
    {
      stream: new Blob([bytes as BlobPart]).stream(),
      size: bytes.length,
      mimetype: "application/pdf",
      fileName: `${invoice.number ?? invoice.id}.pdf`,
    },
    { inline: true, cacheControl: "private, no-store" },
  );
}

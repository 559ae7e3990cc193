import { createHash } from "node:crypto";
import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { SignPdf } from "@signpdf/signpdf";
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from "@signpdf/utils";
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { activitySentence, type ActivityEntry } from "@/lib/documents/activity-sentences";
import { bindFormat } from "@/lib/i18n/bind-format";
import { intlLocale } from "@/lib/i18n/format";
import { getTranslator } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/locales";
import { sealingCertificate, type SealingCertificate } from "./sealing-certificate";
import { pdfPrintable } from "@/lib/files/pdf-printable";
import { embedSignatureImage, stampPages, type Stamp } from "./stamp-signatures";
import { PadesSigner } from "./pades-signer";
import { timestampCms, tsaUrl } from "./timestamp";

/** Someone who acted on the document, as the certificate of completion lists them. */
export type SealParty = {
  name: string;
  email: string;
  action: "approved" | "signed";
  at: Date;
  ip: string | null;
  userAgent: string | null;
  /** The id number the signer gave, if any. */
  idNumber?: string | null;
  /** The subject of the signer's own certificate, when they signed with one. */
  certificateSubject?: string | null;
  /** Their signature image (PNG or JPEG, drawable), shown on the certificate; null when they typed it or it cannot be drawn. */
  signatureImage?: Uint8Array | null;
  /** Their own signature (a detached CMS, DER) over `statement`, embedded in the sealed file. */
  ownSignature?: { cms: Buffer; statement: string } | null;
};

/**
 * One line of the document's audit trail, as the certificate summarises it: who acted as recorded
 * (`actor`), else, for a share-link visitor who left no name or address, the link they came by.
 */
export type SealEvent = { at: Date; entry: ActivityEntry };

export type SealInput = {
  documentId: string;
  documentName: string;
  workspaceName: string;
  locale: Locale;
  parties: SealParty[];
  /** The hash of the workspace's audit chain at sealing (docs/audit-chain.md), anchoring it in the file. */
  auditHash?: string | null;
  sealedAt?: Date;
  /** Signatures, initials and filled fields drawn on the pages first (lib/sealing/stamp-signatures.ts). */
  stamps?: readonly Stamp[];
  /** The document's audit events, oldest first (the last MAX_EVENTS are listed), and how many there are in all. */
  events?: readonly SealEvent[];
  eventsTotal?: number;
};

/** Events the certificate lists one by one; older ones are counted. */
const MAX_EVENTS = 60;

export type SealedPdf = {
  bytes: Buffer;
  hashBefore: string;
  hashAfter: string;
  certificateFingerprint: string;
  /** When the time-stamping authority (TSA_URL) dated the seal; null without one. */
  timestampedAt: Date | null;
};

/** The PAdES B-B signature, then (with TSA_URL) the authority's timestamp of it as an unsigned attribute (B-T). */
class SealSigner extends Signer {
  timestampedAt: Date | null = null;

  constructor(
    private readonly inner: Signer,
    private readonly tsa: string | null,
  ) {
    super();
  }

  async sign(pdfBuffer: Buffer): Promise<Buffer> {
    const cms = await this.inner.sign(pdfBuffer);
    if (!this.tsa) return cms;
    const stamped = await timestampCms(cms, this.tsa);
    this.timestampedAt = stamped.time;
    return stamped.cms;
  }
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Room for the CMS signature: the certificate, the signed attributes and the authority's timestamp token. */
const SIGNATURE_LENGTH = 16_384;

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;

/** Draws lines top-down, wrapping at the page's width and starting a new page when one is full. */
class PageWriter {
  private page: PDFPage;
  private y: number;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
  }

  private wrap(text: string, font: PDFFont, size: number): string[] {
    const width = A4.width - 2 * MARGIN;
    const lines: string[] = [];
    let line = "";
    for (const word of text.split(" ")) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
    // A single word wider than the page (a hash, a long user agent) is cut by characters.
    return lines.flatMap((l) => {
      if (font.widthOfTextAtSize(l, size) <= width) return [l];
      const parts: string[] = [];
      let part = "";
      for (const char of l) {
        if (font.widthOfTextAtSize(part + char, size) > width) {
          parts.push(part);
          part = "";
        }
        part += char;
      }
      return part ? [...parts, part] : parts;
    });
  }

  write(text: string, { size = 10, bold = false, gap = 4, color = rgb(0.15, 0.15, 0.17) } = {}): void {
    const font = bold ? this.bold : this.font;
    for (const line of this.wrap(pdfPrintable(text, font), font, size)) {
      if (this.y - size < MARGIN) {
        this.page = this.doc.addPage([A4.width, A4.height]);
        this.y = A4.height - MARGIN;
      }
      this.y -= size;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color });
      this.y -= gap;
    }
  }

  space(points: number): void {
    this.y -= points;
  }

  /** A signature image at the margin, its proportions kept within width × height points (a new page when it does not fit). */
  async image(bytes: Uint8Array, { width = 160, height = 48, gap = 6 } = {}): Promise<void> {
    const embedded = await embedSignatureImage(this.doc, bytes);
    const scale = Math.min(width / embedded.width, height / embedded.height, 1);
    const [w, h] = [embedded.width * scale, embedded.height * scale];
    if (this.y - h < MARGIN) {
      this.page = this.doc.addPage([A4.width, A4.height]);
      this.y = A4.height - MARGIN;
    }
    this.y -= h + 2;
    this.page.drawImage(embedded, { x: MARGIN, y: this.y, width: w, height: h });
    this.y -= gap;
  }
}

/**
 * Seals a signed PDF (issue 16): appends a certificate of completion (the document, the
 * workspace, the original file's SHA-256, each party with their action, time, signature image, IP
 * address and browser, and the audit chain's hash), then signs the whole file with the installation's
 * sealing certificate as PAdES baseline B-B (SubFilter ETSI.CAdES.detached, signing-certificate-v2,
 * the time in the dictionary's /M; B-T with TSA_URL: lib/sealing/pades-signer.ts), which PDF
 * readers and `pdfsig` verify. Answers the sealed bytes and the file's hash before and after.
 */
export async function sealPdf(pdf: Uint8Array, input: SealInput, certificate?: SealingCertificate): Promise<SealedPdf> {
  const cert = certificate ?? (await sealingCertificate());
  const sealedAt = input.sealedAt ?? new Date();
  const t = getTranslator(input.locale);
  const when = (date: Date) =>
    new Intl.DateTimeFormat(intlLocale(input.locale), { dateStyle: "long", timeStyle: "medium", timeZone: "UTC" }).format(date) + " UTC";

  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  await stampPages(doc, input.stamps ?? []);
  const writer = new PageWriter(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  writer.write(t("sealing.certificate.title"), { size: 18, bold: true, gap: 14 });
  writer.write(`${t("sealing.certificate.document")}: ${input.documentName}`, { bold: true });
  writer.write(`${t("sealing.certificate.documentId")}: ${input.documentId}`);
  writer.write(`${t("sealing.certificate.workspace")}: ${input.workspaceName}`);
  writer.write(`${t("sealing.certificate.sealedAt")}: ${when(sealedAt)}`);
  writer.write(`${t("sealing.certificate.hashBefore")}: ${sha256(pdf)}`, { size: 8 });
  if (input.auditHash) writer.write(`${t("sealing.certificate.auditHash")}: ${input.auditHash}`, { size: 8 });
  writer.space(12);
  writer.write(t("sealing.certificate.parties"), { size: 13, bold: true, gap: 8 });
  let ownSignatures = 0;
  for (const party of input.parties) {
    writer.write(`${party.name} <${party.email}>`, { bold: true });
    writer.write(`${t(`sealing.certificate.${party.action}`)}: ${when(party.at)}`);
    // Their signature as they made it: on the certificate whether or not it also sits in a box on the pages.
    if (party.signatureImage) await writer.image(party.signatureImage);
    if (party.idNumber) writer.write(`${t("sealing.certificate.idNumber")}: ${party.idNumber}`, { size: 9 });
    if (party.certificateSubject) writer.write(`${t("sealing.certificate.ownCertificate")}: ${party.certificateSubject}`, { size: 9 });
    if (party.ownSignature) {
      const file = `signature-${++ownSignatures}`;
      await doc.attach(party.ownSignature.cms, `${file}.p7s`, {
        mimeType: "application/pkcs7-signature",
        description: `${party.name} <${party.email}>`,
        creationDate: party.at,
      });
      await doc.attach(Buffer.from(party.ownSignature.statement, "utf8"), `${file}.txt`, {
        mimeType: "text/plain",
        description: `${party.name} <${party.email}>`,
        creationDate: party.at,
      });
      writer.write(t("sealing.certificate.ownSignature", { file: `${file}.p7s`, statement: `${file}.txt` }), { size: 9 });
    }
    writer.write(`${t("sealing.certificate.ip")}: ${party.ip ?? "—"}`, { size: 9 });
    writer.write(`${t("sealing.certificate.userAgent")}: ${party.userAgent ?? "—"}`, { size: 8, gap: 10 });
  }
  if (input.events?.length) {
    writer.space(8);
    writer.write(t("sealing.certificate.events"), { size: 13, bold: true, gap: 8 });
    const total = Math.max(input.eventsTotal ?? 0, input.events.length);
    const shown = input.events.slice(-MAX_EVENTS);
    if (total > shown.length) writer.write(t("sealing.certificate.eventsEarlier", { count: total - shown.length }), { size: 8 });
    // Each event as the Activity tab says it, in the certificate's language.
    const activity = Object.assign(
      (key: string, values?: Record<string, string | number>) => t(`documents.activity.${key}` as never, values as never) as string,
      { has: (key: string) => t.has(`documents.activity.${key}` as never) },
    );
    const status = (value: string) => t(`documents.status.${value}` as never) as string;
    const format = bindFormat(input.locale, "UTC");
    for (const event of shown)
      writer.write(`${when(event.at)}  ${activitySentence(activity, status, format, event.entry)}`, { size: 8, gap: 2 });
  }
  writer.space(8);
  writer.write(t("sealing.certificate.footer", { fingerprint: cert.fingerprint }), { size: 8, color: rgb(0.4, 0.4, 0.45) });

  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: t("sealing.reason"),
    contactInfo: "",
    name: input.workspaceName,
    location: "",
    signingTime: sealedAt,
    signatureLength: SIGNATURE_LENGTH,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: "Covenant",
  });
  const prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
  const signer = new SealSigner(new PadesSigner(cert.p12, cert.password), tsaUrl());
  const bytes = await new SignPdf().sign(prepared, signer, sealedAt);
  return {
    bytes,
    hashBefore: sha256(pdf),
    hashAfter: sha256(bytes),
    certificateFingerprint: cert.fingerprint,
    timestampedAt: signer.timestampedAt,
  };
}

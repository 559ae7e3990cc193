import { createHash } from "node:crypto";
import { StandardFonts, rgb, type PDFDocument, type PDFFont, type PDFImage } from "pdf-lib";
import { imageSize } from "@/lib/files/image-size";
import { pdfPrintable } from "@/lib/files/pdf-printable";
import { SIGNATURE_IMAGE_MAX_PIXELS } from "@/lib/signatures/signature-input";

/** A rectangle on one page, in fractions of the page (0..1, from the top left), as SignaturePlaceholder.settings holds it. */
export type PageBox = { page: number; x: number; y: number; width: number; height: number };

/**
 * What goes on the pages before the certificate of completion: a signer's signature or initials
 * as an image (PNG or JPEG bytes), or as text drawn in a script-like font (a typed signature, the
 * initials, a field's value). `page` counts from 1; `allPages` repeats the stamp on every page
 * (initials on each page when the signer's settings ask for it).
 */
export type Stamp =
  | { kind: "image"; box: PageBox; bytes: Uint8Array; allPages?: boolean }
  | { kind: "text"; box: PageBox; text: string; style: "signature" | "field"; allPages?: boolean };

const clamp = (value: number) => Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0));

/** Reads a placeholder's settings into a box; null when they do not describe one. */
export function pageBox(settings: unknown): PageBox | null {
  const s = (settings ?? {}) as Record<string, unknown>;
  const numbers = ["page", "x", "y", "width", "height"].map((key) => Number(s[key]));
  if (numbers.some((n) => !Number.isFinite(n))) return null;
  const [page, x, y, width, height] = numbers as [number, number, number, number, number];
  if (page < 1 || width <= 0 || height <= 0) return null;
  return { page: Math.floor(page), x: clamp(x), y: clamp(y), width: clamp(width), height: clamp(height) };
}

const isPng = (bytes: Uint8Array) => bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
const isJpeg = (bytes: Uint8Array) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/**
 * Whether sealing may decode the image to draw it: PNG or JPEG whose header gives a size within
 * SIGNATURE_IMAGE_MAX_PIXELS. Signatures are checked so when given; one stored before that check
 * (a 5000 × 5000 PNG took 181 MB and 5 s to embed) is drawn as text instead (seal-inputs.ts).
 */
/** Each PDF's images by their content's hash: an image drawn on the pages and on the certificate is embedded once. */
const embedded = new WeakMap<PDFDocument, Map<string, Promise<PDFImage>>>();

/** A signature or initials image embedded in the PDF, once per content: a PNG or JPEG within the pixel bounds (isDrawableImage), else an error. */
export function embedSignatureImage(doc: PDFDocument, bytes: Uint8Array): Promise<PDFImage> {
  if (!isDrawableImage(bytes)) throw new Error("A signature image is not a PNG or JPEG within the pixel bounds.");
  let images = embedded.get(doc);
  if (!images) embedded.set(doc, (images = new Map()));
  const key = createHash("sha256").update(bytes).digest("hex");
  if (!images.has(key)) images.set(key, isPng(bytes) ? doc.embedPng(bytes) : doc.embedJpg(bytes));
  return images.get(key)!;
}

export function isDrawableImage(bytes: Uint8Array): boolean {
  if (!isPng(bytes) && !isJpeg(bytes)) return false;
  const size = imageSize(bytes);
  return !!size && size.width <= SIGNATURE_IMAGE_MAX_PIXELS.width && size.height <= SIGNATURE_IMAGE_MAX_PIXELS.height;
}

/**
 * Draws the stamps on the document's pages, each fitted into its box with its proportions kept
 * (an image) or at the largest size that fits (text). A stamp naming a page the file does not
 * have is skipped; an image that is neither PNG nor JPEG, or past the pixel bounds, throws before
 * it is decoded (signatureStamps draws text in its place, so that is a damaged file). Answers how many stamps were drawn.
 */
export async function stampPages(doc: PDFDocument, stamps: readonly Stamp[]): Promise<number> {
  if (stamps.length === 0) return 0;
  const pages = doc.getPages();
  const fonts = new Map<string, Promise<PDFFont>>();
  const font = (name: StandardFonts) => {
    if (!fonts.has(name)) fonts.set(name, doc.embedFont(name));
    return fonts.get(name)!;
  };
  // One embedding per distinct image, however many pages it goes on (embedSignatureImage keeps them).
  const image = (bytes: Uint8Array) => embedSignatureImage(doc, bytes);
  let drawn = 0;
  for (const stamp of stamps) {
    const targets = stamp.allPages ? pages : pages[stamp.box.page - 1] ? [pages[stamp.box.page - 1]!] : [];
    for (const page of targets) {
      const { width: pw, height: ph } = page.getSize();
      const w = stamp.box.width * pw;
      const h = stamp.box.height * ph;
      const x = stamp.box.x * pw;
      const top = ph - stamp.box.y * ph;
      if (stamp.kind === "image") {
        const embedded = await image(stamp.bytes);
        const scale = Math.min(w / embedded.width, h / embedded.height);
        const dw = embedded.width * scale;
        const dh = embedded.height * scale;
        page.drawImage(embedded, { x: x + (w - dw) / 2, y: top - h + (h - dh) / 2, width: dw, height: dh });
      } else {
        const f = await font(stamp.style === "signature" ? StandardFonts.TimesRomanItalic : StandardFonts.Helvetica);
        const text = pdfPrintable(stamp.text, f);
        const widthAt1 = Math.max(f.widthOfTextAtSize(text, 1), 0.001);
        const size = Math.max(4, Math.min(h * 0.8, w / widthAt1, stamp.style === "signature" ? 36 : 12));
        page.drawText(text, { x, y: top - h + (h - size) / 2 + size * 0.2, size, font: f, color: rgb(0.05, 0.1, 0.35) });
      }
      drawn++;
    }
  }
  return drawn;
}

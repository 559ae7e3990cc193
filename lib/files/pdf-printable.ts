import type { PDFFont } from "pdf-lib";

/**
 * Text as a PDF standard font (WinAnsi) can draw it: line breaks and tabs become a space, so do
 * the narrow and thin spaces some Intl formats use; any other character the font lacks becomes "?".
 * Used by the certificate of completion, the signature stamps and the invoice receipts.
 */
export function pdfPrintable(text: string, font: PDFFont): string {
  return [...text.replace(/[\r\n\t]+/g, " ").replace(/[\u202f\u2009]/g, " ")]
    .map((char) => {
      try {
        font.encodeText(char);
        return char;
      } catch {
        return "?";
      }
    })
    .join("");
}

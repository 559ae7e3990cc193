import { describe, expect, it } from "vitest";
import { DOCX_MIME } from "@/lib/files/docx";
import { contentDisposition, fileResponse, safeContentType } from "@/lib/http/file-response";
import { API_CSP, INLINE_FILE_CSP } from "@/lib/http/security-headers";

const body = (mimetype: string, fileName = "file.bin") => ({ stream: new Blob(["x"]).stream(), size: 1, mimetype, fileName });

describe("fileResponse", () => {
  it("downloads by default, never sniffed, under the strict policy", () => {
    const response = fileResponse(body(DOCX_MIME, "Offer.docx"));
    expect(response.headers.get("content-type")).toBe(DOCX_MIME);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="Offer.docx"; filename*=UTF-8''Offer.docx`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBe(API_CSP);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("content-length")).toBe("1");
  });

  it("shows PDFs and raster images inline when asked, sandboxed and framable by our pages only", () => {
    for (const type of ["application/pdf", "image/png", "image/jpeg", "image/webp"]) {
      const response = fileResponse(body(type, "a"), { inline: true });
      expect(response.headers.get("content-disposition"), type).toMatch(/^inline; /);
      expect(response.headers.get("content-type"), type).toBe(type);
      expect(response.headers.get("content-security-policy"), type).toBe(INLINE_FILE_CSP);
      expect(response.headers.get("x-frame-options"), type).toBe("SAMEORIGIN");
    }
  });

  it("never serves HTML, SVG, XML or script as such, and never inline", () => {
    for (const type of [
      "text/html",
      "text/html; charset=utf-8",
      "image/svg+xml",
      "application/xhtml+xml",
      "text/xml",
      "application/javascript",
      "text/plain",
      "",
    ]) {
      const response = fileResponse(body(type, "page.html"), { inline: true });
      expect(response.headers.get("content-type"), type).toBe("application/octet-stream");
      expect(response.headers.get("content-disposition"), type).toMatch(/^attachment; /);
      expect(response.headers.get("content-security-policy"), type).toBe(API_CSP);
    }
    expect(safeContentType("TEXT/CSV; charset=utf-8")).toBe("TEXT/CSV; charset=utf-8");
    expect(fileResponse(body(DOCX_MIME), { inline: true }).headers.get("content-disposition")).toMatch(/^attachment; /);
  });

  it("keeps the name: ASCII for old clients, the exact one in UTF-8, no quote or header break", () => {
    expect(contentDisposition('Contrato "niño"\r\n.pdf', false)).toBe(
      `attachment; filename="Contrato ni_o__.pdf"; filename*=UTF-8''Contrato%20%22ni%C3%B1o%22%0D%0A.pdf`,
    );
    const generated = fileResponse({ stream: new Blob(["a,b"]).stream(), mimetype: "text/csv; charset=utf-8", fileName: "documents.csv" });
    expect(generated.headers.get("content-length")).toBeNull();
    expect(generated.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  });
});

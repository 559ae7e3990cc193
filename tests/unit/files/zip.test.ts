import { describe, expect, it } from "vitest";
import { unzipSafely } from "@/lib/files/zip";
import { makeDocx } from "@/tests/fixtures/docx";

/** Rewrites the declared uncompressed size of every entry (local and central headers). */
function lieAboutSizes(zip: Uint8Array, size: number): Uint8Array {
  const copy = zip.slice();
  const view = new DataView(copy.buffer);
  for (let i = 0; i < copy.length - 4; i++) {
    const sig = view.getUint32(i, true);
    if (sig === 0x04034b50) view.setUint32(i + 22, size, true);
    if (sig === 0x02014b50) view.setUint32(i + 24, size, true);
  }
  return copy;
}

describe("unzipSafely", () => {
  it("reads a normal archive", () => {
    const files = unzipSafely(makeDocx(["Hello"]), "Word");
    expect(new TextDecoder().decode(files.get("word/document.xml"))).toContain("Hello");
  });

  it("stops an entry that inflates beyond its declared size", () => {
    const zip = makeDocx(["Hello"], { "word/media/big.bin": new Uint8Array(2 * 1024 * 1024) });
    expect(() => unzipSafely(lieAboutSizes(zip, 10), "Word")).toThrow(expect.objectContaining({ code: "FILE_TOO_LARGE" }));
  });

  it("refuses too much in total before inflating anything", () => {
    const zip = makeDocx(["Hello"]);
    expect(() => unzipSafely(zip, "Word", { maxEntries: 10, maxTotalBytes: 100, maxRatio: 250 })).toThrow(
      expect.objectContaining({ code: "FILE_TOO_LARGE" }),
    );
  });

  it("calls anything else corrupt", () => {
    expect(() => unzipSafely(new TextEncoder().encode("not a zip at all, just text"), "Word")).toThrow(
      expect.objectContaining({ code: "FILE_CORRUPT" }),
    );
  });
});

describe("sanitizeRenditionHtml", () => {
  it("keeps text and safe links, drops scripts, handlers and javascript: links", async () => {
    const { sanitizeRenditionHtml } = await import("@/lib/files/docx");
    const html = sanitizeRenditionHtml(
      '<p onclick="x()">Hi <a href="javascript:alert(1)">a</a> <a href="https://ok.test">b</a></p><script>alert(1)</script><img src="http://evil/x.png">',
    );
    expect(html).toBe('<p>Hi <a href="#">a</a> <a href="https://ok.test">b</a></p>alert(1)<img src="">');
  });
});

import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { storedDocxToHtml } from "@/lib/documents/stored-file";
import { docxToHtml, RENDITION_CACHE, renditionCacheSize } from "@/lib/files/docx";
import { makeDocx } from "@/lib/files/make-docx";
import { storage } from "@/lib/storage/storage";

// mammoth as it is, its conversions counted.
const conversions = vi.hoisted(() => ({ count: 0 }));
vi.mock("mammoth", async (importOriginal) => {
  const real = await importOriginal<typeof import("mammoth")>();
  const convertToHtml: typeof real.convertToHtml = (...args) => {
    conversions.count += 1;
    return real.convertToHtml(...args);
  };
  return { ...real, default: { ...real, convertToHtml }, convertToHtml };
});

/** Renditions kept by the content of their file: the same file converted once, another never mixed up. */
const limits = { ...RENDITION_CACHE };
afterEach(() => Object.assign(RENDITION_CACHE, limits));

describe("rendition cache", () => {
  it("converts a file once, and another file on its own", async () => {
    const alpha = makeDocx(["Alpha rendition kept once"]);
    const before = renditionCacheSize().entries;
    const converted = conversions.count;
    const first = await docxToHtml(alpha);
    expect(first).toContain("Alpha rendition kept once");
    expect(conversions.count).toBe(converted + 1);
    expect(renditionCacheSize().entries).toBe(before + 1);
    // The same bytes in another buffer (as read again from storage): the kept rendition, not converted again.
    expect(await docxToHtml(new Uint8Array(alpha))).toBe(first);
    expect(conversions.count).toBe(converted + 1);
    expect(renditionCacheSize().entries).toBe(before + 1);

    const bravo = await docxToHtml(makeDocx(["Bravo rendition of another file"]));
    expect(bravo).toContain("Bravo rendition of another file");
    expect(bravo).not.toContain("Alpha");
    expect(conversions.count).toBe(converted + 2);
    expect(renditionCacheSize().entries).toBe(before + 2);
  });

  it("keeps at most its characters, and no rendition past the largest", async () => {
    const html = await docxToHtml(makeDocx(["Charlie sized rendition"]));
    RENDITION_CACHE.chars = renditionCacheSize().chars;
    await docxToHtml(makeDocx(["Delta sized rendition"]));
    expect(renditionCacheSize().chars).toBeLessThanOrEqual(RENDITION_CACHE.chars);
    RENDITION_CACHE.chars = html.length * 2;
    await docxToHtml(makeDocx(["Echo sized rendition"]));
    expect(renditionCacheSize().entries).toBeLessThanOrEqual(2);
    expect(renditionCacheSize().chars).toBeLessThanOrEqual(html.length * 2);

    RENDITION_CACHE.largest = 0;
    const entries = renditionCacheSize().entries;
    expect(await docxToHtml(makeDocx(["Foxtrot too large to keep"]))).toContain("Foxtrot too large to keep");
    expect(renditionCacheSize().entries).toBe(entries);
  });
});

describe("renditions of stored files", () => {
  it("reads a stored file once while its rendition is kept, and converts a copy under another key not at all", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "rendition-stored-"));
    vi.stubEnv("STORAGE_DIR", root);
    try {
      const file = makeDocx(["Golf stored rendition"]);
      await storage().put("accounts/a/documents/d/v-golf.docx", file);
      await storage().put("accounts/a/documents/copy/v-golf.docx", new Uint8Array(file));
      const reads = vi.spyOn(storage(), "get");
      const converted = conversions.count;
      const html = await storedDocxToHtml("accounts/a/documents/d/v-golf.docx");
      expect(html).toContain("Golf stored rendition");
      expect(await storedDocxToHtml("accounts/a/documents/d/v-golf.docx")).toBe(html);
      expect(reads).toHaveBeenCalledTimes(1);
      // The same content under another key: read once, the kept rendition.
      expect(await storedDocxToHtml("accounts/a/documents/copy/v-golf.docx")).toBe(html);
      expect(reads).toHaveBeenCalledTimes(2);
      expect(conversions.count).toBe(converted + 1);
      // Once the rendition is no longer kept, the file is read and converted again.
      RENDITION_CACHE.chars = 0;
      await docxToHtml(makeDocx(["Hotel pushes the others out"]));
      expect(await storedDocxToHtml("accounts/a/documents/d/v-golf.docx")).toBe(html);
      expect(reads).toHaveBeenCalledTimes(3);
      expect(conversions.count).toBe(converted + 3);
      reads.mockRestore();
    } finally {
      vi.unstubAllEnvs();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

import PizZip from "pizzip";
import { describe, expect, it } from "vitest";
import { docxToHtml, fillDocx, readDocx } from "@/lib/files/docx";
import { imageSize } from "@/lib/files/image-size";
import { makeDocx } from "@/lib/files/make-docx";
import { makeJpegHeader, makePng } from "../../factories/images";

describe("imageSize", () => {
  it("reads a PNG's and a JPEG's pixel size from their headers", () => {
    expect(imageSize(makePng(40, 25))).toEqual({ width: 40, height: 25 });
    expect(imageSize(makeJpegHeader(1200, 800))).toEqual({ width: 1200, height: 800 });
  });

  it("gives null for anything else, or a header claiming an absurd size", () => {
    expect(imageSize(new TextEncoder().encode("MZ not an image at all"))).toBeNull();
    const forged = makePng(10, 10);
    new DataView(forged.buffer).setUint32(16, 4_000_000);
    expect(imageSize(forged)).toBeNull();
  });
});

describe("fillDocx with pictures", () => {
  const png = makePng(1200, 600);
  const logo = { bytes: png, ext: "png" as const, width: 1200, height: 600, name: "logo.png" };

  it("puts the picture where its field was, keeping the text around it, and Word's parts agree", async () => {
    const template = makeDocx(["Letterhead [logo]", ["Signed by [na", "me] ", "[logo] below"]]);
    const filled = fillDocx(template, "bracket", { name: "Ada Lovelace" }, { logo });
    const zip = new PizZip(filled);
    const media = Object.keys(zip.files).filter((name) => name.startsWith("word/media/"));
    expect(media).toHaveLength(1);
    expect(zip.file(media[0])!.asUint8Array()).toEqual(png);
    const body = zip.file("word/document.xml")!.asText();
    expect(body.match(/<w:drawing>/g)).toHaveLength(2);
    expect(body).not.toMatch(/COVENANTIMG/);
    // Scaled to 6 inches wide (576 px at 9525 EMU), the height in proportion.
    expect(body).toContain('cx="5486400" cy="2743200"');
    const rels = zip.file("word/_rels/document.xml.rels")!.asText();
    const relId = body.match(/r:embed="([^"]+)"/)![1];
    expect(rels).toContain(`Id="${relId}"`);
    expect(rels).toContain(`Target="${media[0].slice(5)}"`);
    expect(zip.file("[Content_Types].xml")!.asText()).toContain('Extension="png" ContentType="image/png"');
    expect(readDocx(filled).text).toBe("Letterhead \nSigned by Ada Lovelace  below");
    const html = await docxToHtml(filled);
    expect(html.match(/<img [^>]*src="data:image\/png;base64,/g)).toHaveLength(2);
    expect(html).toContain('alt="logo.png"');
    expect(html).toContain("Signed by Ada Lovelace");
  });

  it("keeps the run's formatting on the text either side of the picture", () => {
    const template = makeDocx(["x"], {
      "word/document.xml":
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:rPr><w:b/></w:rPr><w:t>Before {logo} after</w:t></w:r></w:p></w:body></w:document>',
    });
    const body = new PizZip(fillDocx(template, "brace", {}, { logo: { ...logo, ext: "jpg" } })).file("word/document.xml")!.asText();
    expect(body).toMatch(
      /<w:r><w:rPr><w:b\/><\/w:rPr><w:t xml:space="preserve">Before <\/w:t><\/w:r><w:r><w:rPr><w:b\/><\/w:rPr><w:drawing>/,
    );
    expect(body).toMatch(/<\/w:drawing><\/w:r><w:r><w:rPr><w:b\/><\/w:rPr><w:t xml:space="preserve"> after<\/w:t><\/w:r>/);
  });

  it("leaves an image field with no picture empty, and a field called like an Object method alone", () => {
    const filled = fillDocx(makeDocx(["[logo][constructor]"]), "bracket", {}, {});
    expect(readDocx(filled).text).toBe("");
    expect(Object.keys(new PizZip(filled).files).some((name) => name.startsWith("word/media/"))).toBe(false);
  });
});

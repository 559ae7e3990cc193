import PizZip from "pizzip";

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * Builds a minimal, valid .docx (demo data, tests, benchmarks) with one paragraph per entry. A
 * paragraph given as an array is written as several runs, the way Word splits fields like
 * [client] across runs.
 */
export function makeDocx(paragraphs: (string | string[])[], extra: Record<string, string | Uint8Array> = {}): Uint8Array {
  const zip = new PizZip();
  zip.file(
    "[Content_Types].xml",
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    "_rels/.rels",
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  const body = paragraphs
    .map(
      (p) =>
        `<w:p>${(Array.isArray(p) ? p : [p]).map((run) => `<w:r><w:t xml:space="preserve">${escape(run)}</w:t></w:r>`).join("")}</w:p>`,
    )
    .join("");
  zip.file(
    "word/document.xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr/></w:body></w:document>`,
  );
  for (const [name, data] of Object.entries(extra)) zip.file(name, data);
  return zip.generate({ type: "uint8array", compression: "DEFLATE" });
}

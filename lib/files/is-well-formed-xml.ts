/**
 * Whether the bytes of an XML part of a Word package are well-formed XML with one root element,
 * and its name (null when not). A linear scan, not a parser: every tag closed in order, attributes
 * quoted, references only to the five predefined entities or characters, no control characters,
 * no DOCTYPE (OOXML has none, and it is where entity expansion attacks live). It exists because a
 * DOM parse of every upload is too slow to bound (xmldom took ~10 s for a 27 MB document.xml);
 * what it lets through (bad names, duplicate attributes) the libraries that read the file later
 * refuse, and those refusals are FILE_UNREADABLE too.
 */
export function isWellFormedXml(bytes: Uint8Array): { root: string } | null {
  const xml = decode(bytes);
  if (xml === null || CONTROL.test(xml)) return null;
  const stack: string[] = [];
  let root: string | null = null;
  let at = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (at < xml.length) {
    const lt = xml.indexOf("<", at);
    const text = xml.slice(at, lt < 0 ? xml.length : lt);
    if (stack.length === 0 ? text.trim() !== "" : !validReferences(text)) return null;
    if (lt < 0) break;
    if (xml.startsWith("<?", lt)) {
      at = after(xml, "?>", lt + 2);
    } else if (xml.startsWith("<!--", lt)) {
      at = after(xml, "-->", lt + 4);
    } else if (xml.startsWith("<![CDATA[", lt)) {
      if (stack.length === 0) return null;
      at = after(xml, "]]>", lt + 9);
    } else if (xml.startsWith("</", lt)) {
      END_TAG.lastIndex = lt;
      const end = END_TAG.exec(xml);
      if (!end || stack.pop() !== end[1]) return null;
      at = END_TAG.lastIndex;
    } else {
      START_TAG.lastIndex = lt;
      const start = START_TAG.exec(xml);
      if (!start || !validReferences(start[2])) return null;
      if (stack.length === 0) {
        if (root !== null) return null; // a second root element
        root = start[1];
      }
      if (!start[3]) stack.push(start[1]);
      at = START_TAG.lastIndex;
    }
    if (at < 0) return null;
  }
  return root !== null && stack.length === 0 ? { root } : null;
}

const NAME = "[^\\s<>/=!?\"'&]+";
const START_TAG = new RegExp(`<(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>`, "y");
const END_TAG = new RegExp(`</(${NAME})\\s*>`, "y");
/** Characters XML 1.0 never allows, even escaped. */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const REFERENCE = /&(?:#[0-9]+|#x[0-9a-fA-F]+|amp|lt|gt|quot|apos);/y;

/** Every `&` starts a character reference or one of the five predefined entities. */
function validReferences(text: string): boolean {
  for (let amp = text.indexOf("&"); amp >= 0; amp = text.indexOf("&", amp + 1)) {
    REFERENCE.lastIndex = amp;
    if (!REFERENCE.test(text)) return false;
  }
  return true;
}

/** The index just past `marker` from `from`, or -1. */
const after = (xml: string, marker: string, from: number) => {
  const index = xml.indexOf(marker, from);
  return index < 0 ? -1 : index + marker.length;
};

/** UTF-8 (what Word writes), or UTF-16 when a byte order mark says so; null for bytes that are neither. */
function decode(bytes: Uint8Array): string | null {
  const encoding = bytes[0] === 0xff && bytes[1] === 0xfe ? "utf-16le" : bytes[0] === 0xfe && bytes[1] === 0xff ? "utf-16be" : "utf-8";
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

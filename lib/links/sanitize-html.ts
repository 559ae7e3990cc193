/**
 * SECURITY-CRITICAL. Cleans the HTML rendition of a DOCX (mammoth's output) before a share-link
 * visitor sees it. Mammoth escapes text and writes a small set of tags, so this is a second
 * line: keep only the tags and attributes mammoth writes, drop the content of script-like
 * elements, and only let through http(s)/mailto/fragment links and data: images. The page
 * also shows the result in a sandboxed iframe with a Content-Security-Policy (third line).
 */

const ALLOWED_TAGS = new Set([
  "p",
  "br",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "sup",
  "sub",
  "a",
  "img",
  "ul",
  "ol",
  "li",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "td",
  "th",
  "caption",
  "blockquote",
  "pre",
  "code",
  "span",
  "div",
  "hr",
]);
const ALLOWED_ATTRIBUTES = new Set(["href", "src", "alt", "title", "id", "colspan", "rowspan"]);
/** Elements removed together with everything inside them. */
const DROPPED_WITH_CONTENT = [
  "script",
  "style",
  "iframe",
  "object",
  "embed",
  "template",
  "noscript",
  "svg",
  "math",
  "textarea",
  "select",
  "title",
  "head",
];

const SAFE_HREF = /^(?:https?:|mailto:|#)/i;
const SAFE_SRC = /^data:image\/(?:png|jpe?g|gif|webp|bmp);base64,[a-z0-9+/=\s]*$/i;

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const decodeAttribute = (value: string) =>
  value
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_m, dec: string) => String.fromCodePoint(parseInt(dec, 10)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

function cleanAttributes(tag: string, raw: string): string {
  const kept: string[] = [];
  for (const match of raw.matchAll(/([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    const name = match[1].toLowerCase();
    if (!ALLOWED_ATTRIBUTES.has(name)) continue;
    const value = decodeAttribute(match[2] ?? match[3] ?? match[4] ?? "");
    // Control characters and spaces inside a scheme ("java\tscript:") are ignored by browsers.
    const compact = value.replace(/[\u0000-\u0020\u007f]/g, "");
    if (name === "href" && (tag !== "a" || !SAFE_HREF.test(compact))) continue;
    if (name === "src" && (tag !== "img" || !SAFE_SRC.test(value))) continue;
    kept.push(` ${name}="${escapeAttribute(value)}"`);
  }
  return kept.join("");
}

/** The HTML with only the allowed tags, attributes and addresses left. */
export function sanitizeHtml(html: string): string {
  let out = html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, "")
    .replace(/<![^>]*>/g, "")
    .replace(/<\?[\s\S]*?\?>/g, "");
  for (const tag of DROPPED_WITH_CONTENT) {
    out = out.replace(new RegExp(`<${tag}\\b[\\s\\S]*?(?:<\\/${tag}\\s*>|$)`, "gi"), "");
  }
  out = out.replace(/<\/?([a-zA-Z][a-zA-Z0-9-]*)\b([^>]*)>/g, (whole, rawTag: string, rest: string) => {
    const tag = rawTag.toLowerCase();
    if (!ALLOWED_TAGS.has(tag)) return "";
    if (whole.startsWith("</")) return `</${tag}>`;
    const selfClosing = /\/\s*$/.test(rest);
    return `<${tag}${cleanAttributes(tag, rest.replace(/\/\s*$/, ""))}${selfClosing ? " /" : ""}>`;
  });
  // A stray "<" that opened no allowed tag stays text.
  return out.replace(/<(?![a-z/])/gi, "&lt;");
}

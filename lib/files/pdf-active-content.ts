import { PDFArray, PDFDict, PDFName, PDFRef, PDFStream, PDFString, PDFHexString, type PDFDocument, type PDFObject } from "pdf-lib";

/**
 * SECURITY-CRITICAL. What a PDF reader may run or open by itself, found in an uploaded PDF:
 * - `javascript`: JavaScript actions and scripts (the document's /Names /JavaScript, any /JS);
 * - `launch`: actions that start a program or open another file (Launch, GoToR, GoToE,
 *   ImportData, SubmitForm, RichMediaExecute, and URI actions to anything but http(s) and mailto);
 * - `triggers`: additional actions (/AA) that run when a page, field or the document is opened,
 *   closed, printed or typed in, and XFA forms (which carry their own scripts);
 * - `embedded`: embedded files (/EmbeddedFiles, file attachment annotations, a file
 *   specification's /EF) and rich media (RichMedia, Screen, Movie and Sound annotations).
 * Links to web pages, page jumps and named actions (next page, print) stay.
 */
export type ActiveContent = "javascript" | "launch" | "triggers" | "embedded";

const RUNNING_ACTIONS = new Set(["JavaScript"]);
const OPENING_ACTIONS = new Set([
  "Launch",
  "GoToR",
  "GoToE",
  "ImportData",
  "SubmitForm",
  "RichMediaExecute",
  "Rendition",
  "Movie",
  "Sound",
]);
const EMBEDDING_ANNOTATIONS = new Set(["FileAttachment", "RichMedia", "Screen", "Movie", "Sound", "3D"]);
const SAFE_URI = /^\s*(https?:|mailto:)/i;

const name = (value: string) => PDFName.of(value);
const nameOf = (object: PDFObject | undefined) => (object instanceof PDFName ? object.decodeText() : null);
const textOf = (object: PDFObject | undefined) =>
  object instanceof PDFString || object instanceof PDFHexString ? object.decodeText() : null;

/**
 * Removes the active content of a PDF opened by pdf-lib, in place, and says what it removed
 * (nothing removed: the caller keeps the original bytes). Every object of the file is looked at,
 * so an action reached through an indirect reference, a /Next chain or a nested dictionary is
 * found too. A password-protected file is only inspected (`inspectOnly`): its objects cannot be
 * written back as they were.
 */
export function removeActiveContent(pdf: PDFDocument, { inspectOnly = false } = {}): ActiveContent[] {
  const found = new Set<ActiveContent>();
  const lookup = (object: PDFObject | undefined) => (object instanceof PDFRef ? pdf.context.lookup(object) : object);
  const dictOf = (object: PDFObject | undefined) => {
    const resolved = lookup(object);
    return resolved instanceof PDFDict ? resolved : resolved instanceof PDFStream ? resolved.dict : undefined;
  };
  const drop = (dict: PDFDict, key: string, kind: ActiveContent) => {
    if (!dict.has(name(key))) return;
    found.add(kind);
    if (!inspectOnly) dict.delete(name(key));
  };
  /** What an action dictionary does, when it is one we remove. */
  const dangerOf = (action: PDFDict | undefined): ActiveContent | null => {
    const type = nameOf(action?.get(name("S")));
    if (!action || !type) return null;
    if (RUNNING_ACTIONS.has(type) || action.has(name("JS"))) return "javascript";
    if (OPENING_ACTIONS.has(type)) return "launch";
    if (type === "URI" && !SAFE_URI.test(textOf(lookup(action.get(name("URI")))) ?? "")) return "launch";
    return null;
  };

  const visit = (dict: PDFDict) => {
    drop(dict, "AA", "triggers");
    drop(dict, "JS", "javascript");
    drop(dict, "XFA", "triggers");
    for (const key of ["A", "OpenAction", "PA"]) {
      const danger = dangerOf(dictOf(dict.get(name(key))));
      if (danger) drop(dict, key, danger);
    }
    // A chain of actions: the dangerous links go, the rest stay.
    const next = dict.get(name("Next"));
    const chain = lookup(next);
    if (chain instanceof PDFArray) {
      for (let i = chain.size() - 1; i >= 0; i--) {
        const danger = dangerOf(dictOf(chain.get(i)));
        if (danger) {
          found.add(danger);
          if (!inspectOnly) chain.remove(i);
        }
      }
    } else if (next) {
      const danger = dangerOf(dictOf(next));
      if (danger) drop(dict, "Next", danger);
    }
    // The document's name trees of scripts and attached files.
    drop(dict, "JavaScript", "javascript");
    drop(dict, "EmbeddedFiles", "embedded");
    if (nameOf(dict.get(name("Type"))) === "Filespec" || dict.has(name("EF"))) drop(dict, "EF", "embedded");
    // Annotations that hold files or media leave the page.
    const annots = lookup(dict.get(name("Annots")));
    if (annots instanceof PDFArray) {
      for (let i = annots.size() - 1; i >= 0; i--) {
        if (!EMBEDDING_ANNOTATIONS.has(nameOf(dictOf(annots.get(i))?.get(name("Subtype"))) ?? "")) continue;
        found.add("embedded");
        if (!inspectOnly) annots.remove(i);
      }
    }
  };

  const seen = new Set<PDFDict>();
  const walk = (object: PDFObject | undefined) => {
    const stack = [object];
    while (stack.length) {
      const current = stack.pop();
      const dict = current instanceof PDFStream ? current.dict : current;
      if (dict instanceof PDFDict) {
        if (seen.has(dict)) continue;
        seen.add(dict);
        visit(dict);
        for (const [, value] of dict.entries()) if (!(value instanceof PDFRef)) stack.push(value);
      } else if (current instanceof PDFArray) {
        for (let i = 0; i < current.size(); i++) if (!(current.get(i) instanceof PDFRef)) stack.push(current.get(i));
      }
    }
  };
  // Indirect objects are each visited once; direct ones are reached through their holders.
  for (const [, object] of pdf.context.enumerateIndirectObjects()) walk(object);
  walk(pdf.context.trailerInfo.Root ? lookup(pdf.context.trailerInfo.Root) : undefined);
  return [...found].sort();
}

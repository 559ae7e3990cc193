import type PizZip from "pizzip";

/** A picture for an image field of a Word template: PNG or JPEG bytes and their pixel size. */
export type DocxImage = { bytes: Uint8Array; ext: "png" | "jpg"; width: number; height: number; name: string };

/** Pictures are scaled down to fit 6 by 8 inches (a portrait page's text area), never up. */
const MAX_WIDTH_PX = 576;
const MAX_HEIGHT_PX = 768;
/** Word's unit: 914,400 EMU an inch, 96 pixels an inch. */
const EMU_PER_PX = 9525;

const NS = {
  wp: "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing",
  a: "http://schemas.openxmlformats.org/drawingml/2006/main",
  pic: "http://schemas.openxmlformats.org/drawingml/2006/picture",
  r: "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
  image: "http://schemas.openxmlformats.org/officeDocument/2006/relationships/image",
};

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A text that marks where picture `index` goes: letters and digits only, so XML escaping leaves it alone. */
export const imageMarker = (nonce: string, index: number) => `COVENANTIMG${nonce}N${index}E`;

function scaled(image: DocxImage) {
  const ratio = Math.min(1, MAX_WIDTH_PX / image.width, MAX_HEIGHT_PX / image.height);
  return { cx: Math.max(1, Math.round(image.width * ratio)) * EMU_PER_PX, cy: Math.max(1, Math.round(image.height * ratio)) * EMU_PER_PX };
}

/** An inline picture, its namespaces declared on its own elements, so any part can take it. */
function drawingXml(image: DocxImage, relId: string, shapeId: number) {
  const { cx, cy } = scaled(image);
  const name = escapeXml(image.name);
  return (
    `<w:drawing><wp:inline xmlns:wp="${NS.wp}" distT="0" distB="0" distL="0" distR="0"><wp:extent cx="${cx}" cy="${cy}"/><wp:docPr id="${shapeId}" name="${name}" descr="${name}"/>` +
    `<wp:cNvGraphicFramePr><a:graphicFrameLocks xmlns:a="${NS.a}" noChangeAspect="1"/></wp:cNvGraphicFramePr>` +
    `<a:graphic xmlns:a="${NS.a}"><a:graphicData uri="${NS.pic}"><pic:pic xmlns:pic="${NS.pic}"><pic:nvPicPr><pic:cNvPr id="${shapeId}" name="${name}"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip xmlns:r="${NS.r}" r:embed="${relId}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing>`
  );
}

const RUN = /<w:r(?:\s[^>]*)?>[\s\S]*?<\/w:r>/g;
const TEXT = /<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g;

/**
 * Puts pictures where the markers are, in the body, headers and footers of a filled .docx: the
 * run holding a marker is split around it (each piece keeps the run's formatting) and the
 * picture goes in a run of its own, so text before and after it on the line stays. Each picture
 * is added once per part as a media file with its relationship, and its type registered.
 */
export function placeDocxImages(zip: PizZip, nonce: string, images: DocxImage[]): void {
  if (!images.length) return;
  const marker = new RegExp(`COVENANTIMG${nonce}N(\\d+)E`, "g");
  let shapeId = 90_000;
  const extensions = new Set<string>();
  for (const partName of Object.keys(zip.files)) {
    if (!/^word\/(document|header\d*|footer\d*)\.xml$/.test(partName)) continue;
    const xml = zip.file(partName)!.asText();
    if (!xml.includes(`COVENANTIMG${nonce}`)) continue;
    const relsName = partName.replace(/^word\/(.*)$/, "word/_rels/$1.rels");
    let rels =
      zip.file(relsName)?.asText() ??
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>`;
    const relIds = new Map<number, string>();
    const relFor = (index: number) => {
      let id = relIds.get(index);
      if (id) return id;
      const image = images[index];
      const base = partName.slice(5, -4);
      id = `rIdCovenantImg${index}`;
      const target = `media/covenant-${nonce}-${base}-${index}.${image.ext}`;
      zip.file(`word/${target}`, image.bytes);
      rels = rels.replace("</Relationships>", `<Relationship Id="${id}" Type="${NS.image}" Target="${target}"/></Relationships>`);
      extensions.add(image.ext);
      relIds.set(index, id);
      return id;
    };
    const out = xml.replace(RUN, (run) => {
      if (!run.includes(`COVENANTIMG${nonce}`)) return run;
      const rPr = run.match(/^<w:r(?:\s[^>]*)?>\s*(<w:rPr>[\s\S]*?<\/w:rPr>)/)?.[1] ?? "";
      return run.replace(TEXT, (whole, text: string) => {
        if (!marker.test(text)) return whole;
        marker.lastIndex = 0;
        const pieces = text.split(marker);
        // split() with a group alternates text and the captured indexes: text, index, text, …
        let xmlOut = `<w:t xml:space="preserve">${pieces[0]}</w:t>`;
        for (let i = 1; i < pieces.length; i += 2) {
          const index = Number(pieces[i]);
          const picture = images[index] ? drawingXml(images[index], relFor(index), shapeId++) : "";
          xmlOut += `</w:r><w:r>${rPr}${picture}</w:r><w:r>${rPr}<w:t xml:space="preserve">${pieces[i + 1]}</w:t>`;
        }
        return xmlOut;
      });
    });
    zip.file(partName, out);
    zip.file(relsName, rels);
  }
  const typesName = "[Content_Types].xml";
  let types = zip.file(typesName)!.asText();
  const mime: Record<string, string> = { png: "image/png", jpg: "image/jpeg" };
  for (const ext of extensions) {
    if (!new RegExp(`<Default[^>]*Extension="${ext}"`, "i").test(types))
      types = types.replace("</Types>", `<Default Extension="${ext}" ContentType="${mime[ext]}"/></Types>`);
  }
  zip.file(typesName, types);
}

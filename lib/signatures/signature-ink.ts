import { inflateSync } from "node:zlib";

/**
 * Whether a PNG has ink: at least one pixel that is neither (nearly) transparent nor (nearly)
 * white, so a blank pad or an empty white image is not taken as a signature (issue 39, item 10).
 * Decodes the PNG itself (8-bit and 16-bit grey, RGB, palette, grey + alpha and RGBA, 1–16 bits,
 * interlaced or not); callers bound its pixels first (SIGNATURE_IMAGE_MAX_PIXELS). Answers null
 * when the file is not a PNG it can read: the caller then does not judge the ink (a JPEG, for one).
 */
export function pngHasInk(bytes: Uint8Array): boolean | null {
  const png = readPng(bytes);
  if (!png) return null;
  const { width, height, depth, colour, palette, alpha, data, interlaced } = png;
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colour];
  if (!channels) return null;
  const bitsPerPixel = channels * depth;
  const bpp = Math.max(1, bitsPerPixel >> 3);
  const max = (1 << Math.min(depth, 8)) - 1;
  // Each pass of Adam7 (or the one pass of a plain image): its size and where its pixels go.
  const passes = interlaced
    ? [
        [0, 0, 8, 8],
        [4, 0, 8, 8],
        [0, 4, 4, 8],
        [2, 0, 4, 4],
        [0, 2, 2, 4],
        [1, 0, 2, 2],
        [0, 1, 1, 2],
      ]
    : [[0, 0, 1, 1]];
  let offset = 0;
  for (const [x0, y0, dx, dy] of passes as [number, number, number, number][]) {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    if (w <= 0 || h <= 0) continue;
    const stride = Math.ceil((w * bitsPerPixel) / 8);
    let previous = new Uint8Array(stride);
    for (let row = 0; row < h; row++) {
      if (offset + 1 + stride > data.length) return null;
      const filter = data[offset]!;
      const line = data.slice(offset + 1, offset + 1 + stride);
      offset += 1 + stride;
      if (!unfilter(filter, line, previous, bpp)) return null;
      previous = line;
      for (let x = 0; x < w; x++) {
        const sample = (channel: number) => {
          if (depth === 16) return line[(x * channels + channel) * 2]!; // the high byte is enough
          if (depth === 8) return line[x * channels + channel]!;
          const bit = (x * channels + channel) * depth;
          return (line[bit >> 3]! >> (8 - depth - (bit & 7))) & max;
        };
        let r: number, g: number, b: number, a: number;
        if (colour === 3) {
          const index = sample(0);
          [r, g, b] = [palette[index * 3] ?? 0, palette[index * 3 + 1] ?? 0, palette[index * 3 + 2] ?? 0];
          a = alpha[index] ?? 255;
        } else {
          const scale = depth < 8 ? 255 / max : 1;
          r = sample(0) * scale;
          [g, b] = channels >= 3 ? [sample(1), sample(2)] : [r, r];
          a = colour === 4 ? sample(1) : colour === 6 ? sample(3) : 255;
        }
        if (a >= 32 && Math.min(r, g, b) < 235) return true;
      }
    }
  }
  return false;
}

type Png = {
  width: number;
  height: number;
  depth: number;
  colour: 0 | 2 | 3 | 4 | 6;
  interlaced: boolean;
  palette: Uint8Array;
  alpha: Uint8Array;
  data: Uint8Array;
};

function readPng(bytes: Uint8Array): Png | null {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 33 || signature.some((byte, i) => bytes[i] !== byte)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  let header: Omit<Png, "palette" | "alpha" | "data"> | null = null;
  let palette: Uint8Array = new Uint8Array(0);
  let alpha: Uint8Array = new Uint8Array(0);
  const idat: Uint8Array[] = [];
  while (offset + 8 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (body.length !== length) return null;
    if (type === "IHDR" && length >= 13) {
      header = {
        width: view.getUint32(offset + 8),
        height: view.getUint32(offset + 12),
        depth: body[8]!,
        colour: body[9]! as Png["colour"],
        interlaced: body[12] === 1,
      };
    } else if (type === "PLTE") palette = body;
    else if (type === "tRNS") alpha = body;
    else if (type === "IDAT") idat.push(body);
    else if (type === "IEND") break;
    offset += 12 + length;
  }
  if (!header || idat.length === 0 || ![1, 2, 4, 8, 16].includes(header.depth)) return null;
  try {
    // Bounded by the pixel check before: at most 2000 × 1000 RGBA at 16 bits, 16 MB.
    const data = new Uint8Array(inflateSync(Buffer.concat(idat), { maxOutputLength: 64 * 1024 * 1024 }));
    // A grey or RGB image's tRNS names one transparent colour, not an alpha per entry: not read here.
    return { ...header, palette, alpha: header.colour === 3 ? alpha : new Uint8Array(0), data };
  } catch {
    return null;
  }
}

/** Undoes a row's PNG filter in place; false for an unknown filter. */
function unfilter(filter: number, line: Uint8Array, previous: Uint8Array, bpp: number): boolean {
  for (let i = 0; i < line.length; i++) {
    const left = i >= bpp ? line[i - bpp]! : 0;
    const up = previous[i]!;
    const corner = i >= bpp ? previous[i - bpp]! : 0;
    let add: number;
    if (filter === 0) return true;
    else if (filter === 1) add = left;
    else if (filter === 2) add = up;
    else if (filter === 3) add = (left + up) >> 1;
    else if (filter === 4) {
      const p = left + up - corner;
      const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - corner)];
      add = pa <= pb && pa <= pc ? left : pb <= pc ? up : corner;
    } else return false;
    line[i] = (line[i]! + add) & 0xff;
  }
  return true;
}

/**
 * The pixel size of a PNG, JPEG or WebP from its header, without decoding it (so a small file
 * that would decode to gigabytes is sized for free), or null when it cannot be read.
 */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // PNG: the IHDR chunk comes first, width and height as 32-bit big-endian at 16 and 20.
  if (
    bytes.length >= 24 &&
    bytes[0] === 0x89 &&
    bytes[1] === 0x50 &&
    bytes[12] === 0x49 &&
    bytes[13] === 0x48 &&
    bytes[14] === 0x44 &&
    bytes[15] === 0x52
  ) {
    return valid(view.getUint32(16), view.getUint32(20));
  }
  // JPEG: walk the segments to the first start-of-frame (SOF0–SOF15 but DHT, JPG and DAC).
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let offset = 2;
    while (offset + 9 < bytes.length) {
      if (bytes[offset] !== 0xff) return null;
      const marker = bytes[offset + 1];
      if (marker === 0xff) {
        offset += 1;
        continue;
      }
      const length = view.getUint16(offset + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return valid(view.getUint16(offset + 7), view.getUint16(offset + 5));
      }
      if (length < 2) return null;
      offset += 2 + length;
    }
  }
  // WebP: RIFF, then one of three first chunks, each with the size where its format keeps it.
  if (bytes.length >= 30 && text(bytes, 0, 4) === "RIFF" && text(bytes, 8, 4) === "WEBP") {
    const chunk = text(bytes, 12, 4);
    // Extended: the canvas, 24-bit little-endian width and height minus one.
    if (chunk === "VP8X") return valid(1 + uint24(bytes, 24), 1 + uint24(bytes, 27));
    // Lossy: a key frame's start code, then 14-bit width and height.
    if (chunk === "VP8 " && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a)
      return valid(view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
    // Lossless: a signature byte, then 14-bit width and height minus one, packed.
    if (chunk === "VP8L" && bytes[20] === 0x2f) {
      const bits = view.getUint32(21, true);
      return valid(1 + (bits & 0x3fff), 1 + ((bits >>> 14) & 0x3fff));
    }
  }
  return null;
}

/** Sizes past what any camera or scanner makes are a forged header, not an image. */
const valid = (width: number, height: number) =>
  width > 0 && height > 0 && width <= 30_000 && height <= 30_000 ? { width, height } : null;

const text = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));
const uint24 = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);

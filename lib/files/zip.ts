import { Inflate } from "fflate";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";

/**
 * Opens a ZIP container (DOCX) without trusting it: the central directory is read first, the
 * entry count and declared sizes are bounded, and every entry is inflated through a counter
 * that stops the moment it outgrows what was declared or the total allowed. A ZIP bomb dressed
 * as a .docx costs a few milliseconds and gets FILE_TOO_LARGE; a damaged archive FILE_CORRUPT.
 */
export type ZipLimits = { maxEntries: number; maxTotalBytes: number; maxRatio: number };
export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 2000, maxTotalBytes: 200 * 1024 * 1024, maxRatio: 250 };

type Entry = { name: string; method: number; compressedSize: number; size: number; localOffset: number };

const corrupt = (kind: string) =>
  new AppError(AppErrorCode.FILE_CORRUPT, { message: `The file is damaged or is not a valid ${kind} file.`, params: { kind } });
const tooLarge = (max: number) =>
  new AppError(AppErrorCode.FILE_TOO_LARGE, {
    message: "The file size exceeds the maximum allowed.",
    params: { max: `${Math.round(max / 1024 / 1024)} MB` },
  });

function readEntries(bytes: Uint8Array, kind: string, limits: ZipLimits): Entry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // End of central directory: within the last 64 KiB + 22 bytes.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw corrupt(kind);
  const count = view.getUint16(eocd + 10, true);
  const dirOffset = view.getUint32(eocd + 16, true);
  if (count > limits.maxEntries) throw tooLarge(limits.maxTotalBytes);
  const entries: Entry[] = [];
  let at = dirOffset;
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) throw corrupt(kind);
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localOffset = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (flags & 1) throw corrupt(kind); // encrypted
    if (method !== 0 && method !== 8) throw corrupt(kind);
    if (compressedSize === 0xffffffff || size === 0xffffffff) throw tooLarge(limits.maxTotalBytes); // ZIP64: never a real DOCX
    total += size;
    if (total > limits.maxTotalBytes) throw tooLarge(limits.maxTotalBytes);
    if (size > 1024 * 1024 && size / Math.max(1, compressedSize) > limits.maxRatio) throw tooLarge(limits.maxTotalBytes);
    entries.push({ name, method, compressedSize, size, localOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function inflateEntry(bytes: Uint8Array, entry: Entry, kind: string, budget: { left: number; max: number }): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== 0x04034b50) throw corrupt(kind);
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw corrupt(kind);
  if (entry.method === 0) return data;
  const out = new Uint8Array(entry.size);
  let written = 0;
  let overflow = false;
  const inflater = new Inflate((chunk) => {
    if (written + chunk.length > entry.size || chunk.length > budget.left) {
      overflow = true;
      return;
    }
    out.set(chunk, written);
    written += chunk.length;
    budget.left -= chunk.length;
  });
  try {
    // Feed in slices so a lying entry is caught after at most one slice of output.
    for (let i = 0; i < data.length && !overflow; i += 16384) inflater.push(data.subarray(i, i + 16384), i + 16384 >= data.length);
  } catch {
    throw corrupt(kind);
  }
  if (overflow) throw tooLarge(budget.max);
  if (written !== entry.size) throw corrupt(kind);
  return out;
}

/** The archive's entries by name, inflated within the limits. */
export function unzipSafely(bytes: Uint8Array, kind: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Map<string, Uint8Array> {
  const entries = readEntries(bytes, kind, limits);
  const budget = { left: limits.maxTotalBytes, max: limits.maxTotalBytes };
  const files = new Map<string, Uint8Array>();
  for (const entry of entries) {
    if (entry.name.endsWith("/")) continue;
    files.set(entry.name, inflateEntry(bytes, entry, kind, budget));
  }
  return files;
}

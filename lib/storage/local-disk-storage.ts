import { createReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { safeKey } from "./safe-key";
import type { Storage } from "./types";

/** The root folder of the local-disk driver: STORAGE_DIR, default ./storage (git-ignored). */
export const localStorageRoot = () => process.env.STORAGE_DIR ?? path.join(/*turbopackIgnore: true*/ process.cwd(), "storage");

/** Files under one folder, a key being its path relative to that folder. */
export function localDiskStorage(root = localStorageRoot()): Storage {
  const full = (key: string) => path.join(root, safeKey(key));
  return {
    async put(key, data) {
      await mkdir(path.dirname(full(key)), { recursive: true });
      await writeFile(full(key), data);
      return { key, size: data.byteLength };
    },
    async get(key) {
      const file = full(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size: info.size };
    },
    async delete(key) {
      await rm(full(key), { force: true });
    },
  };
}

import { createReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";

/**
 * Where files live. Local disk (STORAGE_DIR, default ./storage, git-ignored) for now; an
 * S3-compatible driver slots in behind the same three calls.
 */
export type Storage = {
  put(key: string, data: Uint8Array): Promise<{ key: string; size: number }>;
  /** A stream of the file, or null when there is none. */
  get(key: string): Promise<{ stream: ReadableStream<Uint8Array>; size: number } | null>;
  delete(key: string): Promise<void>;
};

/** Keys are our own relative paths; anything that could climb out of the root is refused. */
function safeKey(key: string): string {
  if (!/^[a-zA-Z0-9][a-zA-Z0-9/_.-]*$/.test(key) || key.includes("..")) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

export function localDiskStorage(root = process.env.STORAGE_DIR ?? path.join(/*turbopackIgnore: true*/ process.cwd(), "storage")): Storage {
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

let instance: Storage | undefined;

/** The configured storage. */
export const storage = (): Storage => (instance ??= localDiskStorage());

/**
 * Where files live: an S3-compatible bucket when S3_BUCKET is set (lib/storage/s3-storage.ts),
 * local disk otherwise (STORAGE_DIR, default ./storage, git-ignored; lib/storage/local-disk-storage.ts).
 * Keys are our own relative paths (`accounts/<id>/documents/<id>/v1.docx`), the same in both
 * drivers; see docs/storage.md.
 */
export type Storage = {
  put(key: string, data: Uint8Array): Promise<{ key: string; size: number }>;
  /** A stream of the file, or null when there is none. */
  get(key: string): Promise<{ stream: ReadableStream<Uint8Array>; size: number } | null>;
  /** Removes the file; nothing happens when there is none. */
  delete(key: string): Promise<void>;
};

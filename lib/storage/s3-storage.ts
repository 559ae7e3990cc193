import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { safeKey } from "./safe-key";
import type { Storage } from "./types";

/** Where the S3-compatible driver keeps files; built from the S3_* variables by `storage()`. */
export type S3StorageConfig = {
  bucket: string;
  /** Another service than AWS (MinIO, R2, …); unset = AWS S3 of `region`. */
  endpoint?: string;
  region: string;
  /** Both or neither; neither = the SDK's own chain (AWS_* variables, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `bucket` in the path instead of the host name (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
  /** Put in front of every key (e.g. `covenant/`), so one bucket can hold several installations. */
  prefix: string;
};

/**
 * "No such file": S3 says NoSuchKey, some compatible servers only answer 404. A missing bucket is
 * a 404 too, but a setup error that must not pass for "no file".
 */
const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404 && error.name !== "NoSuchBucket");

/** Files as objects of one bucket, a key being the object's name after `prefix`. */
export function s3Storage(config: S3StorageConfig): Storage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Since 3.729 the SDK sends and checks CRC checksums on every request by default, which a
    // number of S3-compatible servers reject or do not return; AWS itself keeps the default.
    ...(config.endpoint ? { requestChecksumCalculation: "WHEN_REQUIRED", responseChecksumValidation: "WHEN_REQUIRED" } : {}),
  });
  const Bucket = config.bucket;
  const objectKey = (key: string) => config.prefix + safeKey(key);
  return {
    async put(key, data) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: data,
          ContentLength: data.byteLength,
          ContentType: "application/octet-stream",
        }),
      );
      return { key, size: data.byteLength };
    },
    async get(key) {
      const Key = objectKey(key);
      const object = await client.send(new GetObjectCommand({ Bucket, Key })).catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      if (!object) return null;
      if (!object.Body) throw new Error(`S3 returned no body for ${Key}`);
      if (object.ContentLength === undefined) {
        // Without a length the caller could not announce one: read it all (never seen from S3 itself).
        const bytes = await object.Body.transformToByteArray();
        return { stream: new Blob([bytes as BlobPart]).stream(), size: bytes.byteLength };
      }
      return { stream: object.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: object.ContentLength };
    },
    async delete(key) {
      // S3 answers 204 for a key that is not there; tolerate servers that say 404 instead.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) })).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    },
  };
}

import { localDiskStorage, localStorageRoot } from "./local-disk-storage";
import { s3Storage, type S3StorageConfig } from "./s3-storage";
import type { Storage } from "./types";

export type { Storage } from "./types";

/** The S3 settings from the environment, or null when S3_BUCKET is unset (local disk). */
function s3ConfigFromEnv(env: NodeJS.ProcessEnv): S3StorageConfig | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (!accessKeyId !== !secretAccessKey) throw new Error("Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither.");
  const prefix = (env.S3_PREFIX ?? "").trim().replace(/^\/+|\/+$/g, "");
  return {
    bucket,
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    region: env.S3_REGION?.trim() || "us-east-1",
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: /^(true|1|yes)$/i.test(env.S3_FORCE_PATH_STYLE?.trim() ?? ""),
    prefix: prefix ? `${prefix}/` : "",
  };
}

let current: { settings: string; storage: Storage } | undefined;

/**
 * The configured storage. The environment is read on every call, and the driver (with its S3
 * client and connections) reused while the settings stay the same.
 */
export function storage(): Storage {
  const s3 = s3ConfigFromEnv(process.env);
  const root = localStorageRoot();
  const settings = JSON.stringify(s3 ?? { root });
  if (current?.settings !== settings) current = { settings, storage: s3 ? s3Storage(s3) : localDiskStorage(root) };
  return current.storage;
}

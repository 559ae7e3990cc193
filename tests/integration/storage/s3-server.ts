import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

const S3_VARIABLES = [
  "S3_BUCKET",
  "S3_ENDPOINT",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
  "S3_PREFIX",
] as const;

/**
 * A real S3-compatible server (s3rver) in this process, on a free port, with one bucket in a
 * temporary folder; plus a plain S3 client to look into the bucket without our driver.
 */
export async function startS3Server() {
  const directory = await mkdtemp(path.join(os.tmpdir(), "covenant-s3rver-"));
  const bucket = `covenant-test-${Math.floor(Math.random() * 1e6)}`;
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver accepts only these credentials (it checks signatures).
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  const prefix = "covenant-test";
  const env: Record<(typeof S3_VARIABLES)[number], string> = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
    S3_PREFIX: prefix,
  };
  const client = new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials });
  const saved = Object.fromEntries(S3_VARIABLES.map((name) => [name, process.env[name]]));

  return {
    bucket,
    prefix,
    env,
    /** Points `storage()` at this server (every S3_* variable set). */
    useS3() {
      Object.assign(process.env, env);
    },
    /** Back to local disk: no S3_* variable at all. */
    useLocalDisk() {
      for (const name of S3_VARIABLES) delete process.env[name];
    },
    /** The object's bytes, or null when the bucket has no such object (`name` is the full object key). */
    async readObject(name: string): Promise<Uint8Array | null> {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: name })).catch((error: { name?: string }) => {
        if (error.name === "NoSuchKey") return null;
        throw error;
      });
      return object?.Body ? object.Body.transformToByteArray() : null;
    },
    async deleteObject(name: string) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: name }));
    },
    async listObjects(under = ""): Promise<string[]> {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: under }));
      return (page.Contents ?? []).map((object) => object.Key!).sort();
    },
    /** Stops the server, removes its folder and puts the S3_* variables back as they were. */
    async stop() {
      for (const name of S3_VARIABLES) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export type S3Server = Awaited<ReturnType<typeof startS3Server>>;

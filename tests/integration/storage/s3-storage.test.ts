import { randomBytes, randomUUID } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { localStorageRoot } from "@/lib/storage/local-disk-storage";
import { s3Storage } from "@/lib/storage/s3-storage";
import { storage } from "@/lib/storage/storage";
import { startS3Server, type S3Server } from "./s3-server";

const readAll = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());
const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.stop());

describe("S3-compatible storage driver (against s3rver)", () => {
  beforeAll(() => s3.useS3());
  afterAll(() => s3.useLocalDisk());

  it("stores bytes as an object under the prefix and streams them back with their size", async () => {
    const key = `accounts/acc-${randomUUID()}/documents/doc/v1.docx`;
    // Larger than one socket read, so the stream really comes in several chunks.
    const bytes = new Uint8Array(randomBytes(300_000));
    expect(await storage().put(key, bytes)).toEqual({ key, size: bytes.byteLength });

    expect(await s3.readObject(`${s3.prefix}/${key}`)).toEqual(bytes);
    const stored = await storage().get(key);
    expect(stored).not.toBeNull();
    expect(stored!.size).toBe(bytes.byteLength);
    expect(stored!.stream).toBeInstanceOf(ReadableStream);
    expect(Buffer.from(await readAll(stored!.stream)).equals(Buffer.from(bytes))).toBe(true);

    // Overwriting a key replaces the object.
    await storage().put(key, new TextEncoder().encode("v2"));
    const replaced = await storage().get(key);
    expect(replaced!.size).toBe(2);
    expect(new TextDecoder().decode(await readAll(replaced!.stream))).toBe("v2");
  });

  it("stores an empty file", async () => {
    const key = `users/${randomUUID()}/empty.bin`;
    await storage().put(key, new Uint8Array());
    const stored = await storage().get(key);
    expect(stored!.size).toBe(0);
    expect(await readAll(stored!.stream)).toHaveLength(0);
  });

  it("gives null for a key that is not there", async () => {
    expect(await storage().get(`accounts/${randomUUID()}/missing.pdf`)).toBeNull();
  });

  it("deletes, and deleting what is not there is no error", async () => {
    const key = `accounts/${randomUUID()}/templates/t/v1.pdf`;
    await storage().put(key, new Uint8Array([1, 2, 3]));
    await storage().delete(key);
    expect(await storage().get(key)).toBeNull();
    expect(await s3.readObject(`${s3.prefix}/${key}`)).toBeNull();
    await expect(storage().delete(key)).resolves.toBeUndefined();
    await expect(storage().delete(`accounts/${randomUUID()}/never.pdf`)).resolves.toBeUndefined();
  });

  it("refuses keys that could leave its place, before any request", async () => {
    const before = await s3.listObjects();
    for (const key of ["../escape", "a/../../b", "/absolute", "", ".hidden", "a b", "a\\b", "accounts/x/..", "ok/\u0000"]) {
      await expect(storage().put(key, new Uint8Array([1])), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage().get(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage().delete(key), key).rejects.toThrow(/Invalid storage key/);
    }
    expect(await s3.listObjects()).toEqual(before);
  });

  it("works without a prefix, and fails loudly (not as a missing file) when the bucket does not exist", async () => {
    const base = {
      endpoint: s3.env.S3_ENDPOINT,
      region: "us-east-1",
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      forcePathStyle: true,
      prefix: "",
    };
    const bare = s3Storage({ ...base, bucket: s3.bucket });
    const key = `plain-${randomUUID()}.txt`;
    await bare.put(key, new TextEncoder().encode("hi"));
    expect(new TextDecoder().decode((await s3.readObject(key))!)).toBe("hi");

    const wrong = s3Storage({ ...base, bucket: "no-such-bucket" });
    // A wrong bucket is an error, never "no such file".
    await expect(wrong.put(key, new Uint8Array([1]))).rejects.toMatchObject({ name: "NoSuchBucket" });
    await expect(wrong.get(key)).rejects.toMatchObject({ name: "NoSuchBucket" });
    await expect(wrong.delete(key)).rejects.toMatchObject({ name: "NoSuchBucket" });
  });
});

describe("storage() picks its driver from the environment at each call", () => {
  afterEach(() => s3.useLocalDisk());

  it("uses the bucket when S3_BUCKET is set, and reuses the driver while nothing changes", async () => {
    s3.useS3();
    const key = `accounts/${randomUUID()}/picked.txt`;
    await storage().put(key, new TextEncoder().encode("in the bucket"));
    expect(new TextDecoder().decode((await s3.readObject(`${s3.prefix}/${key}`))!)).toBe("in the bucket");
    expect(await exists(path.join(localStorageRoot(), key))).toBe(false);
    expect(storage()).toBe(storage());

    // Another prefix is another place: the same key is not found there.
    process.env.S3_PREFIX = "elsewhere/";
    expect(await storage().get(key)).toBeNull();
  });

  it("uses local disk (STORAGE_DIR) when S3_BUCKET is not set", async () => {
    s3.useLocalDisk();
    const key = `accounts/${randomUUID()}/picked.txt`;
    await storage().put(key, new TextEncoder().encode("on disk"));
    expect(await readFile(path.join(localStorageRoot(), key), "utf8")).toBe("on disk");
    expect(await s3.readObject(`${s3.prefix}/${key}`)).toBeNull();
    expect(await s3.readObject(key)).toBeNull();
    await storage().delete(key);
    expect(await exists(path.join(localStorageRoot(), key))).toBe(false);
  });

  it("refuses half a set of credentials", () => {
    s3.useS3();
    delete process.env.S3_SECRET_ACCESS_KEY;
    expect(() => storage()).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
  });
});

import { randomUUID } from "node:crypto";
import { stat } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createDocumentFromTemplate } from "@/lib/documents/create-document-from-template";
import { deleteDocuments } from "@/lib/documents/delete-documents";
import { getDocumentFile } from "@/lib/documents/get-document-file";
import { readDocx } from "@/lib/files/docx";
import { localStorageRoot } from "@/lib/storage/local-disk-storage";
import { createTemplate, getTemplateFile, publishUnpublishTemplate } from "@/lib/templates/templates";
import { getUserAvatar, uploadUserAvatar } from "@/lib/users/user-avatar";
import { createAccount, signedInAs } from "@/tests/factories";
import { makeDocx } from "@/tests/fixtures/docx";
import { startS3Server, type S3Server } from "./s3-server";

/** A 1×1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

const readAll = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());
const onLocalDisk = (key: string) =>
  stat(path.join(localStorageRoot(), key)).then(
    () => true,
    () => false,
  );

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
  s3.useS3();
});
afterAll(() => s3?.stop());

describe("services keep their files in the bucket when S3 is configured", () => {
  it("a template's file is stored there, read back to fill a document, and the document's file stored beside it", async () => {
    const { account, owner } = await createAccount("S3");
    const { ctx } = await signedInAs(owner.id, account.id);
    const upload = makeDocx(["Services for [client]."]);
    const template = await createTemplate(ctx, {}, { name: "Services [client].docx", bytes: upload });

    expect(template.fileKey).toBe(`accounts/${account.id}/templates/${template.id}/v1.docx`);
    expect(await s3.readObject(`${s3.prefix}/${template.fileKey}`)).toEqual(upload);
    expect(await onLocalDisk(template.fileKey)).toBe(false);
    const served = await getTemplateFile(ctx, template.id);
    expect(served.size).toBe(upload.byteLength);
    expect(await readAll(served.stream)).toEqual(upload);

    await publishUnpublishTemplate(ctx, template.id, true);
    const doc = await createDocumentFromTemplate(ctx, { templateId: template.id, values: { client: "Acme Ltd" }, fields: {} });
    const content = await db.documentContent.findFirstOrThrow({ where: { documentId: doc.id } });
    expect(content.path).toBe(`accounts/${account.id}/documents/${doc.id}/v1.docx`);
    expect(await s3.listObjects(`${s3.prefix}/accounts/${account.id}/`)).toEqual([
      `${s3.prefix}/${content.path}`,
      `${s3.prefix}/${template.fileKey}`,
    ]);
    const file = await getDocumentFile(ctx, doc.id);
    expect(readDocx(await readAll(file.stream)).text).toContain("Services for Acme Ltd.");

    // Deleting the document removes its object and leaves the template's.
    await deleteDocuments(ctx, [doc.id]);
    expect(await s3.readObject(`${s3.prefix}/${content.path}`)).toBeNull();
    expect(await s3.readObject(`${s3.prefix}/${template.fileKey}`)).not.toBeNull();
  });

  it("a user's picture goes there, is served from there, and the previous one is removed", async () => {
    const { account, owner } = await createAccount("S3 avatar");
    const { ctx } = await signedInAs(owner.id, account.id);
    await uploadUserAvatar(ctx, PNG);
    const [first] = await s3.listObjects(`${s3.prefix}/users/${owner.id}/`);
    expect(first).toMatch(new RegExp(`^${s3.prefix}/users/${owner.id}/avatar-.+\\.png$`));
    expect(Buffer.from((await s3.readObject(first))!).equals(PNG)).toBe(true);

    const image = await getUserAvatar(ctx);
    expect(image.size).toBe(PNG.byteLength);
    expect(Buffer.from(await readAll(image.stream)).equals(PNG)).toBe(true);

    await uploadUserAvatar(ctx, PNG);
    const after = await s3.listObjects(`${s3.prefix}/users/${owner.id}/`);
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(first);
  });

  it("a template whose object is gone from the bucket is NOT_FOUND, not a crash", async () => {
    const { account, owner } = await createAccount("S3 missing");
    const { ctx } = await signedInAs(owner.id, account.id);
    const template = await createTemplate(ctx, {}, { name: `gone-${randomUUID()}.docx`, bytes: makeDocx(["[a]"]) });
    await s3.deleteObject(`${s3.prefix}/${template.fileKey}`);
    await expect(getTemplateFile(ctx, template.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

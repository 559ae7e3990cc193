import PizZip from "pizzip";
import { describe, expect, it } from "vitest";
import * as valuesRoute from "@/app/vapp/documents/[id]/values/route";
import { db } from "@/lib/db";
import { findDocumentAttachments } from "@/lib/documents/find-document-attachments";
import { getDocumentAttachmentFile } from "@/lib/documents/get-document-attachment-file";
import { createDocumentFromTemplate } from "@/lib/documents/create-document-from-template";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { DOCUMENT_LIST_DEFAULTS, findDocuments } from "@/lib/documents/find-documents";
import { upsertDocumentPolicy } from "@/lib/documents/policies";
import { updateDocumentValues } from "@/lib/documents/update-document-values";
import { findDocumentVersions } from "@/lib/documents/find-document-versions";
import { getDocumentFile } from "@/lib/documents/get-document-file";
import { lockDocument } from "@/lib/documents/lock-document";
import { readDocx } from "@/lib/files/docx";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { params } from "@/tests/factories/http";
import { makePng } from "@/tests/factories/images";
import { uploadFieldsTemplate } from "@/tests/factories/upload-fields-template";
import { makeDocx } from "@/tests/fixtures/docx";

const bytesOf = async (file: { stream: ReadableStream<Uint8Array> }) => new Uint8Array(await new Response(file.stream).arrayBuffer());
const LOGO = makePng(300, 100, [10, 10, 10]);
const NEW_LOGO = makePng(200, 200, [200, 30, 30]);

async function documentWithLogo() {
  const setup = await uploadFieldsTemplate("Edit values");
  const doc = await createDocumentFromTemplate(setup.ctx, { templateId: setup.template.id, values: { client: "Acme" }, fields: {} }, [
    { field: "logo", name: "logo.png", bytes: LOGO },
  ]);
  return { ...setup, doc };
}

describe("changing a document's field values", () => {
  it("fills the template again as a new version, keeping files not replaced and the picture in place", async () => {
    const { ctx, doc } = await documentWithLogo();
    const result = await updateDocumentValues(ctx, doc.id, { values: { client: "Acme Robotics" } });
    expect(result).toEqual({ version: 2, fields: ["client"] });
    const filled = await bytesOf(await getDocumentFile(ctx, doc.id));
    expect(readDocx(filled).text).toContain("Offer for Acme Robotics");
    const media = Object.keys(new PizZip(filled).files).filter((name) => name.startsWith("word/media/"));
    expect(new PizZip(filled).file(media[0])!.asUint8Array()).toEqual(LOGO);
    expect((await findDocumentVersions(ctx, doc.id)).map((v) => v.version)).toEqual([2, 1]);
    // The first version is kept as it was, and search follows the new text.
    expect(readDocx(await bytesOf(await getDocumentFile(ctx, doc.id, 1))).text).toContain("Offer for Acme\n");
    expect((await findDocuments(ctx, { ...DOCUMENT_LIST_DEFAULTS, search: "robotics" })).items.map((d) => d.id)).toEqual([doc.id]);
    const stored = await db.document.findUniqueOrThrow({ where: { id: doc.id } });
    expect((stored.variables as { values: Record<string, unknown> }).values).toMatchObject({
      client: "Acme Robotics",
      logo: { name: "logo.png" },
    });
    const audit = await db.audit.findFirstOrThrow({ where: { targetId: doc.id, eventType: "document.valuesUpdated" } });
    expect(audit.payload).toEqual({ version: 2, fields: ["client"] });
  });

  it("replaces an upload field's file, removing the old one", async () => {
    const { ctx, doc } = await documentWithLogo();
    const [old] = await findDocumentAttachments(ctx, doc.id);
    const oldPath = (await db.documentAttachment.findUniqueOrThrow({ where: { id: old.id } })).path;
    await updateDocumentValues(ctx, doc.id, { values: { client: "Acme" } }, [{ field: "logo", name: "new-logo.png", bytes: NEW_LOGO }]);
    const attachments = await findDocumentAttachments(ctx, doc.id);
    expect(attachments.map((a) => [a.variable, a.name])).toEqual([["logo", "new-logo.png"]]);
    expect(await bytesOf(await getDocumentAttachmentFile(ctx, doc.id, attachments[0].id))).toEqual(NEW_LOGO);
    expect(await db.documentAttachment.count({ where: { path: oldPath } })).toBe(0);
    const filled = new PizZip(await bytesOf(await getDocumentFile(ctx, doc.id)));
    const media = Object.keys(filled.files).filter((name) => name.startsWith("word/media/"));
    expect(filled.file(media[0])!.asUint8Array()).toEqual(NEW_LOGO);
  });

  it("refuses broken values, documents not made from a template, lesser roles, a lock held by another, and other workspaces; nothing is written", async () => {
    const { ctx, account, doc } = await documentWithLogo();
    await expect(updateDocumentValues(ctx, doc.id, { values: { client: "" } })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      details: { fields: [{ path: "client", code: "required" }] },
    });
    await expect(
      updateDocumentValues(ctx, doc.id, { values: { client: "Acme" } }, [{ field: "logo", name: "x.png", bytes: makeDocx(["no"]) }]),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    const uploaded = await createDocumentFromUpload(ctx, {}, { name: "plain.docx", bytes: makeDocx(["Plain"]) });
    await expect(updateDocumentValues(ctx, uploaded.id, { values: {} })).rejects.toMatchObject({ code: "NOT_FROM_TEMPLATE" });

    const reader = await addMember(account.id, "Member");
    await upsertDocumentPolicy(ctx, doc.id, { userId: reader.id, role: "reader" });
    await expect(
      updateDocumentValues((await signedInAs(reader.id, account.id)).ctx, doc.id, { values: { client: "Hijack" } }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    const editor = await addMember(account.id, "Member");
    await upsertDocumentPolicy(ctx, doc.id, { userId: editor.id, role: "editor" });
    await lockDocument((await signedInAs(editor.id, account.id)).ctx, doc.id);
    await expect(updateDocumentValues(ctx, doc.id, { values: { client: "Acme 2" } })).rejects.toMatchObject({ code: "DOCUMENT_LOCKED" });
    const other = await createAccount("Edit values other");
    await expect(
      updateDocumentValues((await signedInAs(other.owner.id, other.account.id)).ctx, doc.id, { values: { client: "Hijack" } }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });

    expect(await db.documentContent.count({ where: { documentId: doc.id } })).toBe(1);
    expect(await db.documentAttachment.count({ where: { documentId: doc.id } })).toBe(1);
  });

  it("over REST (JSON and multipart) and GraphQL", async () => {
    const { accessToken, doc } = await documentWithLogo();
    const auth = { authorization: `Bearer ${accessToken}` };
    const json = await valuesRoute.PUT(
      new Request("http://localhost:3000/x", {
        method: "PUT",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ values: { client: "Json Co" } }),
      }),
      params({ id: doc.id }),
    );
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({ version: 2, fields: ["client"] });
    const form = new FormData();
    form.set("data", JSON.stringify({ values: { client: "Form Co" } }));
    form.append("field:logo", new Blob([NEW_LOGO as BlobPart]), "form-logo.png");
    const multipart = await valuesRoute.PUT(
      new Request("http://localhost:3000/x", { method: "PUT", headers: auth, body: form }),
      params({ id: doc.id }),
    );
    expect(await multipart.json()).toEqual({ version: 3, fields: ["client", "logo"] });
    const result = await graphql<{ updateDocumentValues: { id: string } }>(
      `mutation { updateDocumentValues(id: "${doc.id}", values: { client: "Graph Co" }) { id } }`,
      { accessToken },
    );
    expect(result.data?.updateDocumentValues.id).toBe(doc.id);
    const refused = await graphql(`mutation { updateDocumentValues(id: "${doc.id}", values: { client: "" }) { id } }`, {
      accessToken,
      headers: { "x-language": "es" },
    });
    expect(refused.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "VALIDATION_FAILED" });
  });
});

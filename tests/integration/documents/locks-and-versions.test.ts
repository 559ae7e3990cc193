import { describe, expect, it } from "vitest";
import * as documentRoute from "@/app/vapp/documents/[id]/route";
import * as documentStatus from "@/app/vapp/documents/[id]/status/route";
import * as documentLock from "@/app/vapp/documents/[id]/lock/route";
import { db } from "@/lib/db";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { getDocumentRendition } from "@/lib/documents/get-document-rendition";
import { getDocument } from "@/lib/documents/get-document";
import { lockDocument } from "@/lib/documents/lock-document";
import { unlockDocument } from "@/lib/documents/unlock-document";
import { updateDocumentStatus } from "@/lib/documents/update-document-status";
import { updateDocumentVersion } from "@/lib/documents/update-document-version";
import { makePdfForm } from "@/lib/files/pdf-form";
import { addMember, createAccount, createUser, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest, params } from "@/tests/factories/http";
import { makeDocx } from "@/tests/fixtures/docx";

/** A workspace with a document, an editor named Lena Holder and a reader, each signed in. */
async function lockedWorkspace() {
  const { account, owner } = await createAccount("Locks");
  const admin = await signedInAs(owner.id, account.id);
  const doc = await createDocumentFromUpload(admin.ctx, {}, { name: "lease.docx", bytes: makeDocx(["x"]) });
  const lena = await addMember(
    account.id,
    "Member",
    await db.user.update({ where: { id: (await createUser({ firstName: "Lena" })).id }, data: { lastName: "Holder" } }),
  );
  const reader = await addMember(account.id, "Member");
  await db.documentPolicy.create({ data: { accountId: account.id, documentId: doc.id, userId: lena.id, role: "editor" } });
  await db.documentPolicy.create({ data: { accountId: account.id, documentId: doc.id, userId: reader.id, role: "reader" } });
  return {
    account,
    doc,
    admin,
    editor: await signedInAs(lena.id, account.id),
    reader: await signedInAs(reader.id, account.id),
    lenaId: lena.id,
  };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("the edit lock's holder", () => {
  it("is named to people who see the document, in the service, REST and GraphQL answers", async () => {
    const { doc, editor, reader, lenaId } = await lockedWorkspace();
    const taken = await lockDocument(editor.ctx, doc.id);
    expect(taken).toMatchObject({ locked: true, user: { id: lenaId, name: "Lena Holder" } });

    // The holder sees their own lock as theirs, not as someone else's.
    expect(await getDocument(editor.ctx, doc.id)).toMatchObject({ locked: false, lockedBy: { id: lenaId, name: "Lena Holder" } });
    expect(await getDocument(reader.ctx, doc.id)).toMatchObject({ locked: true, lockedBy: { id: lenaId, name: "Lena Holder" } });

    const rest = await documentRoute.GET(jsonRequest("GET", "/x", { headers: bearer(reader.accessToken) }), params({ id: doc.id }));
    expect(await rest.json()).toMatchObject({ locked: true, lockedBy: { id: lenaId, name: "Lena Holder" } });

    const query = "query ($id: ID!) { document(id: $id) { locked lockedBy { id name } } }";
    const seen = await graphql<{ document: { locked: boolean; lockedBy: { id: string; name: string } | null } }>(query, {
      accessToken: reader.accessToken,
      variables: { id: doc.id },
    });
    expect(seen.errors).toBeUndefined();
    expect(seen.data?.document).toEqual({ locked: true, lockedBy: { id: lenaId, name: "Lena Holder" } });
    const listed = await graphql<{ documents: { items: { id: string; lockedBy: { name: string } | null }[] } }>(
      "{ documents { items { id lockedBy { name } } } }",
      { accessToken: reader.accessToken },
    );
    expect(listed.data?.documents.items.find((d) => d.id === doc.id)?.lockedBy).toEqual({ name: "Lena Holder" });

    const mutation = await graphql<{ lockDocument: { locked: boolean; user: { name: string } | null } }>(
      "mutation ($id: ID!) { lockDocument(id: $id) { locked lockedAt user { name } } }",
      {
        accessToken: editor.accessToken,
        variables: { id: doc.id },
      },
    );
    expect(mutation.data?.lockDocument).toMatchObject({ locked: true, user: { name: "Lena Holder" } });

    await unlockDocument(editor.ctx, doc.id);
    expect(await getDocument(reader.ctx, doc.id)).toMatchObject({ locked: false, lockedBy: null });
    const released = await graphql<{ document: { lockedBy: unknown } }>(query, {
      accessToken: reader.accessToken,
      variables: { id: doc.id },
    });
    expect(released.data?.document.lockedBy).toBeNull();
  });

  it("is not told to another workspace, nor to a member who cannot see the document", async () => {
    const { account, doc, editor } = await lockedWorkspace();
    await lockDocument(editor.ctx, doc.id);
    const outsider = await createAccount("Outsider");
    const other = await signedInAs(outsider.owner.id, outsider.account.id);
    const stranger = await signedInAs((await addMember(account.id, "Member")).id, account.id);
    for (const caller of [other, stranger]) {
      await expect(getDocument(caller.ctx, doc.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
      const rest = await documentRoute.GET(jsonRequest("GET", "/x", { headers: bearer(caller.accessToken) }), params({ id: doc.id }));
      expect(rest.status).toBe(404);
      expect(await rest.text()).not.toContain("Lena");
      const answer = await graphql("query ($id: ID!) { document(id: $id) { lockedBy { name } } }", {
        accessToken: caller.accessToken,
        variables: { id: doc.id },
      });
      expect(answer.errors?.[0].extensions.code).toBe("NOT_FOUND");
      expect(JSON.stringify(answer)).not.toContain("Lena");
    }
  });

  it("stops a status change by anyone else while it lives, naming the holder (409)", async () => {
    const { doc, admin, editor } = await lockedWorkspace();
    await lockDocument(editor.ctx, doc.id);
    await expect(updateDocumentStatus(admin.ctx, doc.id, "drafting")).rejects.toMatchObject({
      code: "DOCUMENT_LOCKED",
      params: { name: "Lena Holder" },
    });

    const rest = await documentStatus.POST(
      jsonRequest("POST", "/x", { body: { newStatus: "drafting" }, headers: bearer(admin.accessToken), csrf: false }),
      params({ id: doc.id }),
    );
    expect(rest.status).toBe(409);
    expect((await rest.json()).error).toMatchObject({
      code: "DOCUMENT_LOCKED",
      message: "Lena Holder is editing this document. Try again when they have finished.",
    });
    const viaGraphql = await graphql("mutation ($id: ID!) { updateDocumentStatus(id: $id, newStatus: drafting) { status } }", {
      accessToken: admin.accessToken,
      variables: { id: doc.id },
    });
    expect(viaGraphql.errors?.[0].extensions).toMatchObject({ code: "DOCUMENT_LOCKED" });
    expect((await db.document.findUniqueOrThrow({ where: { id: doc.id } })).status).toBe("initial");

    // The holder may change it; once released (or stale), anyone with the role may.
    expect((await updateDocumentStatus(editor.ctx, doc.id, "drafting")).status).toBe("drafting");
    await unlockDocument(editor.ctx, doc.id);
    expect((await updateDocumentStatus(admin.ctx, doc.id, "negotiating")).status).toBe("negotiating");
    await lockDocument(editor.ctx, doc.id);
    await db.document.update({ where: { id: doc.id }, data: { lockedAt: new Date(Date.now() - 16 * 60 * 1000) } });
    expect((await updateDocumentStatus(admin.ctx, doc.id, "drafting")).status).toBe("drafting");
  });

  it("the lock route answers with its holder", async () => {
    const { doc, editor, admin } = await lockedWorkspace();
    const taken = await documentLock.POST(
      jsonRequest("POST", "/x", { headers: bearer(editor.accessToken), csrf: false }),
      params({ id: doc.id }),
    );
    expect(await taken.json()).toMatchObject({ locked: true, user: { name: "Lena Holder" } });
    const refused = await documentLock.POST(
      jsonRequest("POST", "/x", { headers: bearer(admin.accessToken), csrf: false }),
      params({ id: doc.id }),
    );
    expect(refused.status).toBe(409);
    const released = await documentLock.DELETE(
      jsonRequest("DELETE", "/x", { headers: bearer(editor.accessToken), csrf: false }),
      params({ id: doc.id }),
    );
    expect(await released.json()).toEqual({ locked: false, lockedAt: null, user: null });
  });
});

describe("versions", () => {
  it("GraphQL DocumentContent gives readOnly, delimiters and the author, never the text", async () => {
    const { doc, admin, editor } = await lockedWorkspace();
    await updateDocumentVersion(editor.ctx, doc.id, { name: "lease v2.docx", bytes: makeDocx(["second"]) });
    const fields = "version readOnly delimiters author { id name }";
    const answer = await graphql<{
      documentVersions: { version: number; readOnly: boolean; delimiters: string | null; author: { id: string; name: string } | null }[];
      document: { content: { version: number; author: { name: string } } };
    }>(`query ($id: ID!) { documentVersions(id: $id) { ${fields} } document(id: $id) { content { ${fields} } } }`, {
      accessToken: admin.accessToken,
      variables: { id: doc.id },
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.documentVersions).toEqual([
      { version: 2, readOnly: false, delimiters: null, author: { id: editor.ctx.userId, name: "Lena Holder" } },
      { version: 1, readOnly: false, delimiters: null, author: { id: admin.ctx.userId, name: "Test User" } },
    ]);
    expect(answer.data?.document.content).toMatchObject({ version: 2, author: { name: "Lena Holder" } });
    const one = await graphql<{ documentContent: { version: number; author: { name: string } } }>(
      "query ($id: ID!) { documentContent(id: $id, version: 1) { version author { name } } }",
      {
        accessToken: admin.accessToken,
        variables: { id: doc.id },
      },
    );
    expect(one.data?.documentContent).toEqual({ version: 1, author: { name: "Test User" } });
    const text = await graphql("query ($id: ID!) { documentContent(id: $id) { text } }", {
      accessToken: admin.accessToken,
      variables: { id: doc.id },
    });
    // A field the schema does not have: refused as a whole, nothing of the text comes back.
    expect(text.errors?.[0]).toMatchObject({
      message: "Some fields are not valid: text",
      extensions: { code: "BAD_USER_INPUT", reason: "VALIDATION_FAILED" },
    });
    expect(text.data).toBeUndefined();
  });

  it("the view shows the chosen version's rendition, says which is the latest, and refuses a version that does not exist", async () => {
    const { admin, reader } = await lockedWorkspace();
    const { ctx } = admin;
    const first = await createDocumentFromUpload(ctx, {}, { name: "deed.docx", bytes: makeDocx(["The first draft of the deed."]) });
    await updateDocumentVersion(ctx, first.id, { name: "deed.pdf", bytes: await makePdfForm(["a"]) });
    await updateDocumentVersion(ctx, first.id, { name: "deed v3.docx", bytes: makeDocx(["The signed deed."]) });

    const latest = await getDocumentRendition(ctx, first.id);
    expect(latest).toMatchObject({ version: 3, latestVersion: 3, isLatest: true });
    expect(latest.html).toContain("The signed deed.");
    const older = await getDocumentRendition(ctx, first.id, 1);
    expect(older).toMatchObject({ version: 1, latestVersion: 3, isLatest: false, name: "deed.docx" });
    expect(older.html).toContain("The first draft of the deed.");
    expect(await getDocumentRendition(ctx, first.id, 2)).toMatchObject({
      version: 2,
      isLatest: false,
      mimetype: "application/pdf",
      html: null,
    });
    expect(await getDocumentRendition(ctx, first.id, 3)).toMatchObject({ isLatest: true });
    await expect(getDocumentRendition(ctx, first.id, 4)).rejects.toMatchObject({ code: "NOT_FOUND" });

    // Readers of the document only: a member without a role on it and another workspace see nothing.
    await expect(getDocumentRendition(reader.ctx, first.id, 1)).rejects.toMatchObject({ code: "NOT_FOUND" });
    const outsider = await createAccount("Outsider view");
    const other = await signedInAs(outsider.owner.id, outsider.account.id);
    await expect(getDocumentRendition(other.ctx, first.id, 1)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

import { describe, expect, it } from "vitest";
import * as archiveRoute from "@/app/vapp/documents/[id]/archive/route";
import { db } from "@/lib/db";
import { archiveDocument } from "@/lib/documents/archive-document";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { expiringDocuments } from "@/lib/documents/expiring-documents";
import { DOCUMENT_LIST_DEFAULTS, findDocuments } from "@/lib/documents/find-documents";
import { upsertDocumentPolicy } from "@/lib/documents/policies";
import { getDocument } from "@/lib/documents/get-document";
import { lockDocument } from "@/lib/documents/lock-document";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest, params } from "@/tests/factories/http";
import { makeDocx } from "@/tests/fixtures/docx";

async function workspace() {
  const { account, owner } = await createAccount("Archive");
  const session = await signedInAs(owner.id, account.id);
  const soon = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const doc = await createDocumentFromUpload(
    session.ctx,
    { name: "Old lease", endedAt: soon },
    { name: "lease.docx", bytes: makeDocx(["Old lease of the Wallaby depot"]) },
  );
  const kept = await createDocumentFromUpload(
    session.ctx,
    { name: "Current lease" },
    { name: "current.docx", bytes: makeDocx(["Current lease"]) },
  );
  return { account, owner, ...session, doc, kept };
}

describe("archiving documents", () => {
  it("takes a document out of the lists, searches and home panel and brings it back, audited", async () => {
    const { ctx, doc, kept } = await workspace();
    expect((await expiringDocuments(ctx)).map((d) => d.id)).toEqual([doc.id]);
    const archived = await archiveDocument(ctx, doc.id, true);
    expect(archived.archived).toBe(true);
    expect((await findDocuments(ctx)).items.map((d) => d.id)).toEqual([kept.id]);
    expect((await findDocuments(ctx, { ...DOCUMENT_LIST_DEFAULTS, search: "wallaby" })).total).toBe(0);
    expect(await expiringDocuments(ctx)).toEqual([]);
    // The archive lists it, search included, and the document itself still opens.
    expect((await findDocuments(ctx, { ...DOCUMENT_LIST_DEFAULTS, archived: true })).items.map((d) => d.id)).toEqual([doc.id]);
    expect((await findDocuments(ctx, { ...DOCUMENT_LIST_DEFAULTS, archived: true, search: "wallaby" })).items.map((d) => d.id)).toEqual([
      doc.id,
    ]);
    expect((await getDocument(ctx, doc.id)).archived).toBe(true);
    // Archiving again changes nothing and records nothing more.
    await archiveDocument(ctx, doc.id, true);
    await archiveDocument(ctx, doc.id, false);
    expect((await findDocuments(ctx)).total).toBe(2);
    const events = await db.audit.findMany({
      where: { targetId: doc.id, eventType: { in: ["document.archived", "document.restored"] } },
      orderBy: { createdAt: "asc" },
    });
    expect(events.map((e) => e.eventType)).toEqual(["document.archived", "document.restored"]);
  });

  it("is the owner's: editors and readers are refused, someone else's edit lock waits, another workspace sees nothing", async () => {
    const { ctx, account, doc } = await workspace();
    const editor = await addMember(account.id, "Member");
    await upsertDocumentPolicy(ctx, doc.id, { userId: editor.id, role: "editor" });
    const editorCtx = (await signedInAs(editor.id, account.id)).ctx;
    await expect(archiveDocument(editorCtx, doc.id, true)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await lockDocument(editorCtx, doc.id);
    await expect(archiveDocument(ctx, doc.id, true)).rejects.toMatchObject({ code: "DOCUMENT_LOCKED" });
    const other = await createAccount("Archive other");
    await expect(archiveDocument((await signedInAs(other.owner.id, other.account.id)).ctx, doc.id, true)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await db.document.findUniqueOrThrow({ where: { id: doc.id } })).archived).toBe(false);
  });

  it("over REST and GraphQL", async () => {
    const { accessToken, doc, kept } = await workspace();
    const response = await archiveRoute.POST(
      jsonRequest("POST", "/x", { body: { archived: true }, headers: { authorization: `Bearer ${accessToken}` }, csrf: false }),
      params({ id: doc.id }),
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as { archived: boolean }).archived).toBe(true);
    const bad = await archiveRoute.POST(
      jsonRequest("POST", "/x", { body: { archived: "yes" }, headers: { authorization: `Bearer ${accessToken}` }, csrf: false }),
      params({ id: doc.id }),
    );
    expect(bad.status).toBe(400);
    const result = await graphql<{ archiveDocument: { id: string; archived: boolean } }>(
      `mutation { archiveDocument(id: "${kept.id}", archived: true) { id archived } }`,
      { accessToken },
    );
    expect(result.data?.archiveDocument).toEqual({ id: kept.id, archived: true });
    const listed = await graphql<{ documents: { total: number } }>(
      `
        {
          documents(archived: true) {
            total
          }
        }
      `,
      { accessToken },
    );
    expect(listed.data?.documents.total).toBe(2);
  });
});

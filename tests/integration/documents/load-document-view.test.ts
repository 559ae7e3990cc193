import { beforeAll, describe, expect, it } from "vitest";
import type { ServiceContext } from "@/lib/auth/context";
import { db } from "@/lib/db";
import { withRequestMemo } from "@/lib/auth/request-memo";
import { findCategories } from "@/lib/categories/find-categories";
import { createCategory } from "@/lib/categories/save-category";
import { getAccount } from "@/lib/accounts/get-account";
import { documentActivity } from "@/lib/documents/activity";
import { addDocumentAttachment } from "@/lib/documents/add-document-attachment";
import { findDocumentAttachments } from "@/lib/documents/find-document-attachments";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { getDocumentRendition } from "@/lib/documents/get-document-rendition";
import { loadDocumentView } from "@/lib/documents/load-document-view";
import { registerAccessDocumentPolicy } from "@/lib/documents/access-requests";
import { findDocumentPolicies, findShareableMembers, upsertDocumentPolicy } from "@/lib/documents/policies";
import { findDocumentVersions } from "@/lib/documents/find-document-versions";
import { getDocument } from "@/lib/documents/get-document";
import { lockDocument } from "@/lib/documents/lock-document";
import { updateDocumentVersion } from "@/lib/documents/update-document-version";
import { createFolder, flattenTree, folderTree } from "@/lib/folders/folders";
import { createTag, findTags } from "@/lib/tags/tags";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * The document screen's one service (loadDocumentView) shows what the separate services would
 * (getDocument, getDocumentRendition, findDocumentVersions, documentActivity,
 * findDocumentAttachments, findDocumentPolicies, findShareableMembers, findCategories, findTags,
 * folderTree, getAccount) for an owner, an editor and a reader; someone who may not see the
 * document gets nothing of it.
 */
let admin: ServiceContext;
let editor: ServiceContext;
let reader: ServiceContext;
let stranger: ServiceContext;
let outsider: ServiceContext;
let documentId: string;

const page = (ctx: ServiceContext) => withRequestMemo(ctx, { readOnly: true });

/** The screen of a document the caller sees. */
async function load(ctx: ServiceContext, version?: number) {
  const view = await loadDocumentView(page(ctx), documentId, version);
  if (view.document === null) throw new Error("The document should be visible.");
  return view;
}

beforeAll(async () => {
  const { account, owner } = await createAccount("View service");
  admin = (await signedInAs(owner.id, account.id)).ctx;
  const [editorUser, readerUser, strangerUser] = [
    await addMember(account.id, "Member"),
    await addMember(account.id, "Member"),
    await addMember(account.id, "Member"),
  ];
  editor = (await signedInAs(editorUser.id, account.id)).ctx;
  reader = (await signedInAs(readerUser.id, account.id)).ctx;
  stranger = (await signedInAs(strangerUser.id, account.id)).ctx;
  const other = await createAccount("Elsewhere");
  outsider = (await signedInAs(other.owner.id, other.account.id)).ctx;
  await createCategory(admin, { name: "Leases", group: "document" });
  await createTag(admin, { name: "Urgent", color: "#dc2626" });
  const parent = await createFolder(admin, { name: "Clients", group: "document", parentId: null });
  await createFolder(admin, { name: "Acme", group: "document", parentId: parent.id });
  const document = await createDocumentFromUpload(admin, { name: "Viewed" }, { name: "viewed.docx", bytes: makeDocx(["First terms"]) });
  documentId = document.id;
  await upsertDocumentPolicy(admin, documentId, { userId: editorUser.id, role: "editor" });
  await upsertDocumentPolicy(admin, documentId, { userId: readerUser.id, role: "reader" });
  await updateDocumentVersion(editor, documentId, { name: "viewed-2.docx", bytes: makeDocx(["Second terms"]) });
  await addDocumentAttachment(editor, documentId, { name: "annex.docx", bytes: makeDocx(["Annex"]) });
  await registerAccessDocumentPolicy(stranger, documentId);
  await lockDocument(editor, documentId);
});

/** What the separate services give the caller, each in a request of its own. */
async function separately(ctx: ServiceContext, version?: number) {
  const document = await getDocument(ctx, documentId);
  return {
    document,
    versions: await findDocumentVersions(ctx, documentId),
    rendition: await getDocumentRendition(ctx, documentId, version).catch(() => null),
    activity: await documentActivity(ctx, documentId),
    policies: await findDocumentPolicies(ctx, documentId),
    members: document.abilities.share ? await findShareableMembers(ctx, documentId) : [],
    attachments: await findDocumentAttachments(ctx, documentId),
    categories: (await findCategories(ctx, { group: "document" })).map((c) => ({ id: c.id, name: c.name })),
    tags: (await findTags(ctx)).map((t) => ({ id: t.id, name: t.name, color: t.color })),
    folders: flattenTree(await folderTree(ctx, "document")),
    settings: (await getAccount(ctx)).settings,
  };
}

describe("loadDocumentView (/d/{id}/view)", () => {
  it("shows what the separate services give, to an owner, an editor and a reader", async () => {
    for (const [ctx, role] of [
      [admin, "owner"],
      [editor, "editor"],
      [reader, "reader"],
    ] as const) {
      const loadedFrom = new Date(Date.now() - 1_000);
      const view = await load(ctx);
      const expected = await separately(ctx);
      expect(view.document).toEqual(expected.document);
      expect(view.document.role).toBe(role);
      expect(view.versions).toEqual(expected.versions);
      expect(view.rendition).toEqual(expected.rendition);
      expect(view.activity).toEqual(expected.activity);
      expect(view.policies).toEqual(expected.policies);
      expect(view.members).toEqual(expected.members);
      expect(view.attachments).toEqual(expected.attachments);
      // Global categories are every workspace's, and other files running meanwhile may add some: the
      // view's are the services' but for global ones created between the two reads.
      const own = (categories: { id: string; name: string }[]) => categories.filter((c) => c.name === "Leases");
      expect(own(view.categories)).toEqual(own(expected.categories));
      const shown = new Set(view.categories.map((c) => c.id));
      const addedMeanwhile = expected.categories.filter((c) => !shown.has(c.id)).map((c) => c.id);
      const added = await db.category.findMany({ where: { id: { in: addedMeanwhile } }, select: { global: true, createdAt: true } });
      expect(added.filter((c) => !c.global || c.createdAt < loadedFrom)).toEqual([]);
      expect(view.categories).toEqual(expected.categories.filter((c) => shown.has(c.id)));
      expect(view.tags).toEqual(expected.tags);
      expect(view.folders).toEqual(expected.folders);
      expect(view.account.settings).toEqual(expected.settings);
    }
  });

  it("names the people it shows and keeps the pending request for owners", async () => {
    const owner = await load(admin);
    expect(owner.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(owner.rendition?.html).toContain("Second terms");
    expect(owner.document.locked).toBe(true);
    expect(owner.document.lockedBy?.id).toBe(editor.userId);
    expect(owner.attachments.map((a) => [a.name, a.author?.id])).toEqual([["annex.docx", editor.userId]]);
    expect(owner.activity.find((a) => a.eventType === "document.created")?.actor).toBeTruthy();
    expect(owner.policies.map((p) => p.status).sort()).toEqual(["active", "active", "active", "requested"]);
    expect(owner.members.length).toBe(4);
    expect(owner.folders.map((f) => [f.name, f.depth])).toEqual([
      ["Clients", 0],
      ["Acme", 1],
    ]);
    const asEditor = await load(editor);
    expect(asEditor.policies.map((p) => p.status)).toEqual(["active", "active", "active"]);
    expect(asEditor.document.locked).toBe(false);
    const asReader = await load(reader);
    expect(asReader.members).toEqual([]);
  });

  it("shows an older version on request, and no rendition for a version the document does not have", async () => {
    const older = await load(reader, 1);
    expect(older.rendition).toEqual((await separately(reader, 1)).rendition);
    expect(older.rendition).toMatchObject({ version: 1, latestVersion: 2, isLatest: false });
    expect(older.rendition?.html).toContain("First terms");
    const missing = await load(reader, 7);
    expect(missing.document.id).toBe(documentId);
    expect(missing.rendition).toBeNull();
  });

  it("gives nothing to a Member without access, nor to another workspace", async () => {
    expect(await loadDocumentView(page(stranger), documentId, undefined)).toEqual({ document: null });
    expect(await loadDocumentView(page(outsider), documentId, undefined)).toEqual({ document: null });
    expect(await loadDocumentView(page(admin), "no-such-document", undefined)).toEqual({ document: null });
  });
});

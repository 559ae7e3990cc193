import { beforeAll, describe, expect, it } from "vitest";
import type { ServiceContext } from "@/lib/auth/context";
import { withRequestMemo } from "@/lib/auth/request-memo";
import { createCategory } from "@/lib/categories/save-category";
import { documentRoles } from "@/lib/documents/access";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { DOCUMENT_LIST_DEFAULTS, findDocuments } from "@/lib/documents/find-documents";
import { loadDocumentList } from "@/lib/documents/load-document-list";
import { pdfRenditionsAvailable } from "@/lib/documents/pdf-rendition";
import { upsertDocumentPolicy } from "@/lib/documents/policies";
import { updateDocument } from "@/lib/documents/update-document";
import { createFolder } from "@/lib/folders/folders";
import { createTag } from "@/lib/tags/tags";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { makeDocx } from "@/tests/fixtures/docx";
import { makeTextPdf } from "@/tests/fixtures/pdf";

/**
 * The /docs rows come from one plain statement (load-document-list.ts, listRows), no longer from
 * Prisma's joined select: each row must show what findDocuments (Prisma, whole rows with their
 * relations) loads for the same document: category, tags, author, folder, dates, health, whether
 * a PDF can be downloaded, and the caller's abilities, for an administrator and a Member.
 */
let admin: ServiceContext;
let member: ServiceContext;

beforeAll(async () => {
  const { account, owner } = await createAccount("List rows");
  admin = (await signedInAs(owner.id, account.id)).ctx;
  const plain = await addMember(account.id, "Member");
  member = (await signedInAs(plain.id, account.id)).ctx;
  const leases = await createCategory(admin, { name: "Leases", group: "document" });
  const urgent = await createTag(admin, { name: "Urgent", color: "#dc2626" });
  const box = await createTag(admin, { name: "Archive box", color: "#7c3aed" });
  const other = await createTag(admin, { name: "Zebra", color: "#7c3aed" });
  const folder = await createFolder(admin, { name: "Clients", group: "document", parentId: null });
  const docx = (name: string) => createDocumentFromUpload(admin, { name }, { name: `${name}.docx`, bytes: makeDocx([`${name} text`]) });
  const tagged = await docx("Tagged");
  await updateDocument(admin, tagged.id, {
    categoryId: leases.id,
    tagIds: [urgent.id, other.id, box.id],
    folderId: folder.id,
    endedAt: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
  });
  await docx("Plain");
  const pdf = await createDocumentFromUpload(
    admin,
    { name: "Scanned" },
    { name: "scanned.pdf", bytes: await makeTextPdf([["Scanned text"]]) },
  );
  await upsertDocumentPolicy(admin, tagged.id, { userId: plain.id, role: "editor" });
  await upsertDocumentPolicy(admin, pdf.id, { userId: plain.id, role: "reader" });
});

/** What a row of the list showed when Prisma loaded it: findDocuments' item, shaped as the list shapes it. */
async function expectedRows(ctx: ServiceContext) {
  const items = (await findDocuments(ctx, DOCUMENT_LIST_DEFAULTS)).items;
  const roles = await documentRoles(ctx, items);
  return items.map((d) => ({
    id: d.id,
    name: d.name,
    ref: d.ref,
    status: d.status,
    health: d.health,
    category: d.category?.name ?? null,
    tags: [...d.tags.map((t) => ({ id: t.id, name: t.name, color: t.color }))].sort((a, b) => a.name.localeCompare(b.name)),
    author: d.author ? `${d.author.firstName} ${d.author.lastName}`.trim() || d.author.email : null,
    folderId: d.folderId,
    updatedAt: d.updatedAt.toISOString(),
    endedAt: d.endedAt?.toISOString() ?? null,
    highlight: null,
    pdf: pdfRenditionsAvailable() || latestMimetype(d) === "application/pdf",
    abilities: { edit: roles.get(d.id)!.edit, manage: roles.get(d.id)!.manage },
  }));
}

const latestMimetype = (d: { contents: { version: number; mimetype: string }[] }) =>
  [...d.contents].sort((a, b) => b.version - a.version)[0]?.mimetype;

describe("the /docs rows", () => {
  it("show what findDocuments loads for each document, for an administrator and a Member", async () => {
    for (const ctx of [admin, member]) {
      const list = await loadDocumentList(withRequestMemo(ctx, { readOnly: true }), {});
      expect(list.documents).toEqual(await expectedRows(ctx));
    }
    const rows = (await loadDocumentList(withRequestMemo(admin, { readOnly: true }), { orderBy: "name", sortBy: "asc" })).documents;
    expect(rows.map((d) => d.name)).toEqual(["Plain", "Scanned", "Tagged"]);
    const [, scanned, tagged] = rows;
    expect(tagged!.tags.map((t) => t.name)).toEqual(["Archive box", "Urgent", "Zebra"]);
    expect(tagged).toMatchObject({ category: "Leases", health: "amber", abilities: { edit: true, manage: true } });
    expect(tagged!.author).toBeTruthy();
    expect(scanned).toMatchObject({ pdf: true, tags: [], category: null });
    const theirs = (await loadDocumentList(withRequestMemo(member, { readOnly: true }), { orderBy: "name", sortBy: "asc" })).documents;
    expect(theirs.map((d) => [d.name, d.abilities])).toEqual([
      ["Scanned", { edit: false, manage: false }],
      ["Tagged", { edit: true, manage: false }],
    ]);
  });
});

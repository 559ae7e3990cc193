import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { withRequestMemo } from "@/lib/auth/request-memo";
import { findCategories } from "@/lib/categories/find-categories";
import { createCategory } from "@/lib/categories/save-category";
import { documentRoles } from "@/lib/documents/access";
import { archiveDocument } from "@/lib/documents/archive-document";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { deleteDocuments } from "@/lib/documents/delete-documents";
import { DOCUMENT_LIST_DEFAULTS, countDocuments, findDocuments } from "@/lib/documents/find-documents";
import { findDocumentsAuthors } from "@/lib/documents/find-documents-authors";
import { loadDocumentList } from "@/lib/documents/load-document-list";
import { upsertDocumentPolicy } from "@/lib/documents/policies";
import { createFolder, flattenTree, folderTree } from "@/lib/folders/folders";
import { createTag, findTags } from "@/lib/tags/tags";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * The /docs screen's one service (loadDocumentList) shows what the separate services would:
 * its one query for the filter options agrees with findCategories, findTags and
 * findDocumentsAuthors, and its rows' abilities with documentRoles, for an administrator and for
 * a Member who sees only what was shared with them; another workspace's rows never appear.
 */
let admin: ServiceContext;
let member: ServiceContext;
let outsider: ServiceContext;
let ids: Record<string, string>;

const page = (ctx: ServiceContext) => withRequestMemo(ctx, { readOnly: true });

beforeAll(async () => {
  const { account, owner } = await createAccount("List service");
  admin = (await signedInAs(owner.id, account.id)).ctx;
  const plain = await addMember(account.id, "Member");
  member = (await signedInAs(plain.id, account.id)).ctx;
  const other = await createAccount("Elsewhere");
  outsider = (await signedInAs(other.owner.id, other.account.id)).ctx;
  await createCategory(admin, { name: "Leases", group: "document" });
  await createCategory(admin, { name: "Annexes", group: "document" });
  await createCategory(admin, { name: "Template only", group: "template" });
  const hidden = await createCategory(admin, { name: "Hidden", group: "document" });
  await db.category.update({ where: { id: hidden.id }, data: { hidden: true } });
  await createTag(admin, { name: "Urgent", color: "#dc2626" });
  await createTag(admin, { name: "Archive box", color: "#7c3aed" });
  const parent = await createFolder(admin, { name: "Clients", group: "document", parentId: null });
  await createFolder(admin, { name: "Acme", group: "document", parentId: parent.id });
  await createFolder(admin, { name: "Templates folder", group: "template", parentId: null });
  const upload = (ctx: ServiceContext, name: string) =>
    createDocumentFromUpload(ctx, { name }, { name: `${name}.docx`, bytes: makeDocx([`${name} clause of indemnity`]) });
  const docs = {
    first: await upload(admin, "First"),
    second: await upload(admin, "Second"),
    third: await upload(admin, "Third"),
    theirs: await upload(outsider, "Theirs"),
  };
  ids = Object.fromEntries(Object.entries(docs).map(([key, doc]) => [key, doc.id]));
  await upsertDocumentPolicy(admin, ids.second!, { userId: plain.id, role: "editor" });
});

describe("loadDocumentList (/docs)", () => {
  it("lists the filter options the separate services give, for an administrator and a Member", async () => {
    for (const ctx of [admin, member]) {
      const list = await loadDocumentList(page(ctx), {});
      // Global categories are every workspace's: other test files may add one meanwhile on a
      // shared server, so the comparison is of this workspace's own.
      const own = new Set((await db.category.findMany({ where: { accountId: ctx.accountId }, select: { id: true } })).map((c) => c.id));
      const ownOf = (categories: { id: string; name: string }[]) =>
        categories.filter((c) => own.has(c.id)).map((c) => ({ id: c.id, name: c.name }));
      expect(ownOf(list.categories)).toEqual(ownOf(await findCategories(ctx, { group: "document" })));
      expect(ownOf(list.categories).map((c) => c.name)).toEqual(["Annexes", "Leases"]);
      expect(list.tags).toEqual((await findTags(ctx)).map((t) => ({ id: t.id, name: t.name, color: t.color })));
      expect(list.authors).toEqual(await findDocumentsAuthors(ctx));
      expect(list.folders).toEqual(flattenTree(await folderTree(ctx, "document")));
      expect(list.folders.map((f) => [f.name, f.depth])).toEqual([
        ["Clients", 0],
        ["Acme", 1],
      ]);
    }
    expect((await loadDocumentList(page(admin), { archived: true })).authors).toEqual([]);
  });

  it("gives each row the caller's abilities, as documentRoles does, and only the caller's workspace", async () => {
    const all = await loadDocumentList(page(admin), { orderBy: "name", sortBy: "asc" });
    expect(all.documents.map((d) => d.name)).toEqual(["First", "Second", "Third"]);
    expect(all.documents.every((d) => d.abilities.edit && d.abilities.manage)).toBe(true);
    const mine = await loadDocumentList(page(member), {});
    expect(mine.documents.map((d) => d.id)).toEqual([ids.second]);
    const roles = await documentRoles(member, [ids.second!]);
    expect(mine.documents[0]!.abilities).toEqual({ edit: roles.get(ids.second!)!.edit, manage: roles.get(ids.second!)!.manage });
    expect(mine.documents[0]!.abilities).toEqual({ edit: true, manage: false });
    // The rows carry only the caller's own policies (the admin's owner policy is not the Member's).
    const items = (await findDocuments(member, DOCUMENT_LIST_DEFAULTS)).items;
    expect(items[0]!.policies).toEqual([expect.objectContaining({ role: "editor", status: "active" })]);
    const theirs = await loadDocumentList(page(outsider), {});
    expect(theirs.documents.map((d) => d.id)).toEqual([ids.theirs]);
  });

  it("finds words with their passages, the same rows as findDocuments", async () => {
    const list = await loadDocumentList(page(admin), { search: "indemnity", orderBy: "relevance" });
    expect(list.documents.map((d) => d.id).sort()).toEqual(
      (await findDocuments(admin, { ...DOCUMENT_LIST_DEFAULTS, search: "indemnity", orderBy: "relevance" })).items.map((d) => d.id).sort(),
    );
    expect(list.documents).toHaveLength(3);
    expect(list.page).toEqual({ page: 1, pages: 1, total: 3, capped: false, ranked: false });
    // The ids statement counts the matches: past the last page, the count statement still gives the total.
    expect(await findDocuments(admin, { ...DOCUMENT_LIST_DEFAULTS, search: "indemnity", size: 2, page: 2 })).toMatchObject({
      total: 3,
      pages: 2,
      items: [expect.anything()],
    });
    expect(await findDocuments(admin, { ...DOCUMENT_LIST_DEFAULTS, search: "indemnity", size: 2, page: 3 })).toMatchObject({
      total: 3,
      pages: 2,
      items: [],
    });
    expect(await findDocuments(admin, { ...DOCUMENT_LIST_DEFAULTS, search: "nowhere-to-be-found" })).toMatchObject({
      total: 0,
      pages: 1,
      items: [],
    });
    expect(list.documents.every((d) => d.highlight?.some((part) => part.match && /indemnity/i.test(part.text)))).toBe(true);
  });

  it("counts up to a limit when asked, and then says there are more", async () => {
    // A filter (the root folder, where all three are): the count runs, up to the limit.
    const atRoot = { ...DOCUMENT_LIST_DEFAULTS, size: 1, folderId: null };
    expect(await findDocuments(admin, atRoot, { countLimit: 5 })).toMatchObject({ total: 3, capped: false, pages: 3 });
    expect(await findDocuments(admin, atRoot, { countLimit: 3 })).toMatchObject({ total: 3, capped: false, pages: 3 });
    // Past the limit: the limit, and at least one page after a full one (newest first: Third, Second, First).
    expect(await findDocuments(admin, atRoot, { countLimit: 2 })).toMatchObject({ total: 2, capped: true, pages: 2 });
    expect(await findDocuments(admin, { ...atRoot, page: 2 }, { countLimit: 2 })).toMatchObject({ total: 2, capped: true, pages: 3 });
    expect(await findDocuments(admin, { ...atRoot, page: 3 }, { countLimit: 1 })).toMatchObject({
      total: 1,
      capped: true,
      pages: 4,
      items: [expect.objectContaining({ name: "First" })],
    });
    expect((await loadDocumentList(page(admin), {})).page).toEqual({ page: 1, pages: 1, total: 3, capped: false, ranked: false });
  });

  it("gives every document's total exact past any limit, from the counts the database keeps", async () => {
    const { account, owner } = await createAccount("Counted");
    const ctx = (await signedInAs(owner.id, account.id)).ctx;
    const plain = await addMember(account.id, "Member");
    const reader = (await signedInAs(plain.id, account.id)).ctx;
    const upload = (name: string) => createDocumentFromUpload(ctx, { name }, { name: `${name}.docx`, bytes: makeDocx([name]) });
    // Two at once, and two more in one statement: each statement adds its rows once.
    const [a, b] = await Promise.all([upload("A"), upload("B")]);
    await db.document.createMany({
      data: [
        { accountId: account.id, name: "C" },
        { accountId: account.id, name: "D" },
      ],
    });
    const kept = async () =>
      Object.fromEntries(
        (await db.documentCount.findMany({ where: { accountId: account.id } })).map((row) => [String(row.archived), row.total]),
      );
    const counted = async () =>
      Object.fromEntries(
        (await db.document.groupBy({ by: ["archived"], where: { accountId: account.id }, _count: true })).map((g) => [
          String(g.archived),
          g._count,
        ]),
      );
    const totals = async () => ({
      listed: await findDocuments(ctx, { ...DOCUMENT_LIST_DEFAULTS, size: 1 }, { countLimit: 1 }),
      archive: await findDocuments(ctx, { ...DOCUMENT_LIST_DEFAULTS, size: 1, archived: true }, { countLimit: 1 }),
    });
    expect(await kept()).toEqual({ false: 4 });
    expect((await totals()).listed).toMatchObject({ total: 4, capped: false, pages: 4 });

    await archiveDocument(ctx, a.id, true);
    expect(await kept()).toEqual({ false: 3, true: 1 });
    expect(await totals()).toMatchObject({ listed: { total: 3, capped: false }, archive: { total: 1, capped: false } });
    await archiveDocument(ctx, a.id, false);
    expect(await kept()).toEqual({ false: 4, true: 0 });

    // A caller who sees only what was shared with them is counted, not read from the counts.
    await upsertDocumentPolicy(ctx, b.id, { userId: plain.id, role: "reader" });
    expect(await findDocuments(reader, { ...DOCUMENT_LIST_DEFAULTS, size: 1 })).toMatchObject({ total: 1, capped: false });

    await deleteDocuments(ctx, [a.id, b.id]);
    expect(await kept()).toEqual({ false: 2, true: 0 });
    await archiveDocument(ctx, (await db.document.findFirstOrThrow({ where: { accountId: account.id, name: "C" } })).id, true);
    await db.document.deleteMany({ where: { accountId: account.id, archived: true } });
    // A count that reaches zero on a delete goes; the kept counts always agree with counting.
    expect(await kept()).toEqual({ false: 1 });
    expect(await kept()).toEqual(await counted());
    expect((await loadDocumentList(page(ctx), {})).page).toEqual({ page: 1, pages: 1, total: 1, capped: false, ranked: false });
    expect([
      await countDocuments(ctx),
      await countDocuments(ctx, { ...DOCUMENT_LIST_DEFAULTS, archived: true }),
      await countDocuments(reader),
    ]).toEqual([1, 0, 0]);
  });
});

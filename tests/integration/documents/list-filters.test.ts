import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { createCategory } from "@/lib/categories/save-category";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { exportDocumentsCsv } from "@/lib/documents/export-csv";
import { visibleDocumentsSql } from "@/lib/documents/access";
import { DOCUMENT_LIST_DEFAULTS, findDocuments } from "@/lib/documents/find-documents";
import { findDocumentsAuthors } from "@/lib/documents/find-documents-authors";
import { upsertDocumentPolicy } from "@/lib/documents/policies";
import { createFolder } from "@/lib/folders/folders";
import { createTag } from "@/lib/tags/tags";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * One workspace with documents that differ in one filter each, by two authors, so every /docs
 * filter and sort is seen to pick exactly its documents.
 */
let admin: ServiceContext;
let colleague: ServiceContext;
let member: ServiceContext;
let ids: Record<string, string>;
let refs: { categoryId: string; tagId: string; folderId: string; adminId: string; colleagueId: string };

const names = async (ctx: ServiceContext, filters: Parameters<typeof findDocuments>[1]) =>
  (await findDocuments(ctx, filters)).items.map((d) => d.name);

beforeAll(async () => {
  const { account, owner } = await createAccount("List filters");
  admin = (await signedInAs(owner.id, account.id)).ctx;
  const manager = await addMember(account.id, "Manager");
  colleague = (await signedInAs(manager.id, account.id)).ctx;
  const plain = await addMember(account.id, "Member");
  member = (await signedInAs(plain.id, account.id)).ctx;
  const category = await createCategory(admin, { name: "Leases", group: "document" });
  const tag = await createTag(admin, { name: "Urgent", color: "#dc2626" });
  const folder = await createFolder(admin, { name: "Clients", group: "document", parentId: null });
  const upload = (ctx: ServiceContext, name: string, fields: Parameters<typeof createDocumentFromUpload>[1] = {}) =>
    createDocumentFromUpload(ctx, { name, ...fields }, { name: `${name}.docx`, bytes: makeDocx([`${name} body`]) });
  const docs = {
    lease: await upload(admin, "Alpha lease", { categoryId: category.id, startedAt: "2026-01-10", endedAt: "2027-01-10" }),
    urgent: await upload(admin, "Bravo urgent", { tagIds: [tag.id], startedAt: "2026-03-01" }),
    filed: await upload(admin, "Charlie filed", { folderId: folder.id }),
    theirs: await upload(colleague, "Delta by colleague", { endedAt: "2026-12-31" }),
  };
  ids = Object.fromEntries(Object.entries(docs).map(([key, doc]) => [key, doc.id]));
  // Spread the update times so the order is known: lease oldest, theirs newest.
  for (const [i, key] of ["lease", "urgent", "filed", "theirs"].entries()) {
    await db.document.update({
      where: { id: ids[key] },
      data: { updatedAt: new Date(Date.UTC(2026, 5, 1 + i)), createdAt: new Date(Date.UTC(2026, 0, 1 + i)) },
    });
  }
  // The Member sees the colleague's document only.
  await upsertDocumentPolicy(colleague, ids.theirs, { userId: plain.id, role: "reader" });
  refs = { categoryId: category.id, tagId: tag.id, folderId: folder.id, adminId: owner.id, colleagueId: manager.id };
});

describe("the /docs filters and sort", () => {
  it("each filter picks exactly its documents", async () => {
    expect(await names(admin, { ...DOCUMENT_LIST_DEFAULTS, categoryId: refs.categoryId })).toEqual(["Alpha lease"]);
    expect(await names(admin, { ...DOCUMENT_LIST_DEFAULTS, tagIds: [refs.tagId] })).toEqual(["Bravo urgent"]);
    expect(await names(admin, { ...DOCUMENT_LIST_DEFAULTS, folderId: refs.folderId })).toEqual(["Charlie filed"]);
    expect(await names(admin, { ...DOCUMENT_LIST_DEFAULTS, folderId: null })).toEqual([
      "Delta by colleague",
      "Bravo urgent",
      "Alpha lease",
    ]);
    expect(await names(admin, { ...DOCUMENT_LIST_DEFAULTS, authorId: refs.colleagueId })).toEqual(["Delta by colleague"]);
    expect(await names(admin, { ...DOCUMENT_LIST_DEFAULTS, dateField: "startedAt", from: "2026-02-01", to: "2026-03-01" })).toEqual([
      "Bravo urgent",
    ]);
    expect(await names(admin, { ...DOCUMENT_LIST_DEFAULTS, dateField: "endedAt", to: "2026-12-31" })).toEqual(["Delta by colleague"]);
    expect(await names(admin, { ...DOCUMENT_LIST_DEFAULTS, dateField: "createdAt", from: "2026-01-02", to: "2026-01-03" })).toEqual([
      "Charlie filed",
      "Bravo urgent",
    ]);
    expect(await names(admin, { ...DOCUMENT_LIST_DEFAULTS, search: "charlie" })).toEqual(["Charlie filed"]);
    expect(await names(admin, { ...DOCUMENT_LIST_DEFAULTS, categoryId: refs.categoryId, authorId: refs.colleagueId })).toEqual([]);
  });

  it("reads the date range in UTC whatever the server's own time zone", async () => {
    const zone = process.env.TZ;
    process.env.TZ = "Pacific/Kiritimati"; // UTC+14: a day boundary sent in local time moves by most of a day
    try {
      expect(new Date(Date.UTC(2026, 0, 2)).getTimezoneOffset()).toBe(-840);
      expect(await names(admin, { ...DOCUMENT_LIST_DEFAULTS, dateField: "createdAt", from: "2026-01-02", to: "2026-01-03" })).toEqual([
        "Charlie filed",
        "Bravo urgent",
      ]);
      expect(await names(admin, { ...DOCUMENT_LIST_DEFAULTS, dateField: "startedAt", from: "2026-02-01", to: "2026-03-01" })).toEqual([
        "Bravo urgent",
      ]);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("sorts by each column both ways, nulls last, and pages by 25 by default", async () => {
    expect(await names(admin, DOCUMENT_LIST_DEFAULTS)).toEqual(["Delta by colleague", "Charlie filed", "Bravo urgent", "Alpha lease"]);
    expect(await names(admin, { ...DOCUMENT_LIST_DEFAULTS, orderBy: "updatedAt", sortBy: "asc" })).toEqual([
      "Alpha lease",
      "Bravo urgent",
      "Charlie filed",
      "Delta by colleague",
    ]);
    expect(await names(admin, { ...DOCUMENT_LIST_DEFAULTS, orderBy: "name", sortBy: "asc" })).toEqual([
      "Alpha lease",
      "Bravo urgent",
      "Charlie filed",
      "Delta by colleague",
    ]);
    const byEndAsc = await names(admin, { ...DOCUMENT_LIST_DEFAULTS, orderBy: "endedAt", sortBy: "asc" });
    expect(byEndAsc.slice(0, 2)).toEqual(["Delta by colleague", "Alpha lease"]);
    expect(byEndAsc.slice(2).sort()).toEqual(["Bravo urgent", "Charlie filed"]);
    const byEnd = await names(admin, { ...DOCUMENT_LIST_DEFAULTS, orderBy: "endedAt", sortBy: "desc" });
    expect(byEnd.slice(0, 2)).toEqual(["Alpha lease", "Delta by colleague"]);
    expect(byEnd.slice(2).sort()).toEqual(["Bravo urgent", "Charlie filed"]);
    const page = await findDocuments(admin, { ...DOCUMENT_LIST_DEFAULTS, size: 2, page: 2 });
    expect(page).toMatchObject({ page: 2, pages: 2, total: 4, perPage: 2 });
    expect(page.items.map((d) => d.name)).toEqual(["Bravo urgent", "Alpha lease"]);
    expect((await findDocuments(admin)).perPage).toBe(25);
  });

  it("offers as authors only the people whose documents the caller sees", async () => {
    const all = (await findDocumentsAuthors(admin)).map((a) => a.id);
    expect(all.sort()).toEqual([refs.adminId, refs.colleagueId].sort());
    expect((await findDocumentsAuthors(colleague)).map((a) => a.id).sort()).toEqual([refs.adminId, refs.colleagueId].sort());
    expect((await findDocumentsAuthors(member)).map((a) => a.id)).toEqual([refs.colleagueId]);
    // The archive's filter offers the authors of archived documents.
    expect(await findDocumentsAuthors(admin, { archived: true })).toEqual([]);
    await db.document.update({ where: { id: ids.theirs }, data: { archived: true } });
    expect((await findDocumentsAuthors(admin, { archived: true })).map((a) => a.id)).toEqual([refs.colleagueId]);
    expect((await findDocumentsAuthors(admin)).map((a) => a.id)).toEqual([refs.adminId]);
    await db.document.update({ where: { id: ids.theirs }, data: { archived: false } });
    const other = await createAccount("List filters other");
    expect(await findDocumentsAuthors((await signedInAs(other.owner.id, other.account.id)).ctx)).toEqual([]);
  });

  it("offers the same authors as a plain DISTINCT over the visible documents, for every caller and both views", async () => {
    const plainDistinct = async (ctx: ServiceContext, archived: boolean) =>
      (
        await db.$queryRaw<{ id: string }[]>`
          SELECT DISTINCT d."authorId" AS id FROM "Document" d WHERE ${await visibleDocumentsSql(ctx)} AND d.archived = ${archived} AND d."authorId" IS NOT NULL`
      )
        .map((row) => row.id)
        .sort();
    await db.document.update({ where: { id: ids.urgent }, data: { archived: true } });
    try {
      for (const ctx of [admin, colleague, member]) {
        for (const archived of [false, true]) {
          expect((await findDocumentsAuthors(ctx, { archived })).map((a) => a.id).sort()).toEqual(await plainDistinct(ctx, archived));
        }
      }
    } finally {
      await db.document.update({ where: { id: ids.urgent }, data: { archived: false } });
    }
  });

  it("exports the filtered list as CSV, statuses in the caller's language", async () => {
    const csv = await new Response(
      await exportDocumentsCsv({ ...admin, locale: "es" }, { ...DOCUMENT_LIST_DEFAULTS, tagIds: [refs.tagId] }),
    ).text();
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      '"ref","name","status","category","tags","author","createdAt","updatedAt","startedAt","endedAt","value","currency"',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Bravo urgent");
    expect(lines[1]).toContain("Creado");
    expect(lines[1]).toContain("Urgent");
  });
});

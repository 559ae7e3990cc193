import { beforeAll, describe, expect, it } from "vitest";
import { countStatements, db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";
import { exportDocumentsCsv } from "@/lib/documents/export-csv";
import { DOCUMENT_LIST_DEFAULTS, findDocuments } from "@/lib/documents/find-documents";
import { searchVectorSql } from "@/lib/documents/search-index";
import { addMember, createAccount, signedInAs } from "@/tests/factories";

/**
 * The CSV export of a list longer than the slices it is read in (500 rows): the same documents in the
 * same order as the list's pages, the list read once, and only what the caller may see.
 */
const DOCUMENTS = 1_100;
let admin: ServiceContext;
let member: ServiceContext;

beforeAll(async () => {
  const { account, owner } = await createAccount("Export");
  admin = (await signedInAs(owner.id, account.id)).ctx;
  member = (await signedInAs((await addMember(account.id, "Member")).id, account.id)).ctx;
  const start = Date.UTC(2026, 0, 1);
  await db.document.createMany({
    data: Array.from({ length: DOCUMENTS }, (_, i) => ({
      accountId: account.id,
      authorId: owner.id,
      // Every third one a memo; update times out of step with the names, some equal (the id decides).
      name: `${i % 3 === 0 ? "Memo" : "Lease"} ${String(i).padStart(3, "0")}`,
      status: i % 2 ? "active" : "initial",
      updatedAt: new Date(start + ((i * 7919) % 200) * 3_600_000),
    })),
  });
  await db.$executeRaw`UPDATE "Document" d SET search = ${searchVectorSql(Prisma.sql`NULL`)} WHERE d."accountId" = ${account.id}`;
});

const exported = async (ctx: ServiceContext, filters: Parameters<typeof exportDocumentsCsv>[1]) => {
  const lines = (await new Response(await exportDocumentsCsv(ctx, filters)).text())
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  return lines.slice(1).map((line) => JSON.parse(`[${line}]`)[1] as string);
};

const listed = async (filters: Parameters<typeof findDocuments>[1]) => {
  const names: string[] = [];
  for (let page = 1; page <= Math.ceil(DOCUMENTS / 100); page++)
    names.push(...(await findDocuments(admin, { ...DOCUMENT_LIST_DEFAULTS, ...filters, page, size: 100 })).items.map((d) => d.name));
  return names;
};

describe("document CSV export", () => {
  it("holds the list's documents in the list's order, past one page, reading the list once", async () => {
    const { result: names, statements } = await countStatements(() => exported(admin, DOCUMENT_LIST_DEFAULTS));
    expect(names).toHaveLength(DOCUMENTS);
    expect(names).toEqual(await listed(DOCUMENT_LIST_DEFAULTS));
    // One statement picks the ids; each page of rows is loaded by id, none counts again.
    expect(statements.filter((sql) => sql.includes('SELECT d.id FROM "Document" d'))).toHaveLength(1);
    expect(statements.filter((sql) => /count\(/i.test(sql))).toHaveLength(0);

    const byName = await exported(admin, { ...DOCUMENT_LIST_DEFAULTS, orderBy: "name", sortBy: "asc" });
    expect(byName).toEqual(await listed({ ...DOCUMENT_LIST_DEFAULTS, orderBy: "name", sortBy: "asc" }));
    expect(byName[0]).toBe("Lease 001");
  });

  it("exports a search by update time, and only what the caller may see", async () => {
    const leases = await exported(admin, { ...DOCUMENT_LIST_DEFAULTS, search: "lease", orderBy: "relevance" });
    expect(leases).toHaveLength(DOCUMENTS - Math.ceil(DOCUMENTS / 3));
    expect(leases).toEqual(await listed({ ...DOCUMENT_LIST_DEFAULTS, search: "lease", orderBy: "updatedAt" }));
    expect(await exported(admin, { ...DOCUMENT_LIST_DEFAULTS, search: "memo", statuses: ["active"] })).toEqual(
      await listed({ ...DOCUMENT_LIST_DEFAULTS, search: "memo", statuses: ["active"] }),
    );
    // A member with no role on any of them exports the header alone.
    expect(await exported(member, DOCUMENT_LIST_DEFAULTS)).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { db, countStatements } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { withRequestMemo } from "@/lib/auth/request-memo";
import { updateAccount } from "@/lib/accounts/update-account";
import { documentRole, requireDocumentRole, visibleDocumentsSql, visibleDocumentsWhere } from "@/lib/documents/access";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { transferDocumentOwnership } from "@/lib/documents/policies";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * The one document access rule (lib/documents/access.ts): its three forms (the Prisma `where`,
 * the SQL of the raw list and search queries, and one document's role) agree for every kind of
 * caller, and a request works a role out once.
 */
async function workspace() {
  const { account, owner } = await createAccount("AccessRule");
  const admin = (await signedInAs(owner.id, account.id)).ctx;
  const author = await addMember(account.id, "Member");
  const authorCtx = (await signedInAs(author.id, account.id)).ctx;
  const shared = await createDocumentFromUpload(authorCtx, { name: "Shared" }, { name: "a.docx", bytes: makeDocx(["a"]) });
  const unshared = await createDocumentFromUpload(authorCtx, { name: "Unshared" }, { name: "b.docx", bytes: makeDocx(["b"]) });
  const colleague = await addMember(account.id, "Member");
  const guest = await addMember(account.id, "Guest");
  for (const user of [colleague, guest])
    await db.documentPolicy.create({ data: { accountId: account.id, documentId: shared.id, userId: user.id, role: "editor" } });
  const stranger = await addMember(account.id, "Member");
  const viewer = await db.accountRole.create({ data: { accountId: account.id, name: "Auditor", permissions: ["ViewAllDocuments"] } });
  const auditor = await db.user.create({ data: { email: `auditor-${account.id}@example.test` } });
  await db.accountPolicy.create({ data: { accountId: account.id, userId: auditor.id, roleId: viewer.id } });
  const as = async (user: { id: string }) => (await signedInAs(user.id, account.id)).ctx;
  return {
    account,
    admin,
    documents: [shared.id, unshared.id],
    callers: {
      admin,
      author: authorCtx,
      colleague: await as(colleague),
      guest: await as(guest),
      stranger: await as(stranger),
      auditor: await as(auditor),
    },
  };
}

async function threeWays(ctx: ServiceContext, accountId: string, documentIds: string[]) {
  const byWhere = (
    await db.document.findMany({ where: { AND: [await visibleDocumentsWhere(ctx), { id: { in: documentIds } }] }, select: { id: true } })
  )
    .map((d) => d.id)
    .sort();
  const bySql = (
    await db.$queryRaw<
      { id: string }[]
    >`SELECT d.id FROM "Document" d WHERE ${await visibleDocumentsSql(ctx)} AND d.id = ANY(CAST(${documentIds} AS text[]))`
  )
    .map((d) => d.id)
    .sort();
  const byRole = [];
  for (const id of documentIds) if (await documentRole(ctx, { id })) byRole.push(id);
  expect(accountId).toBe(ctx.accountId);
  return { byWhere, bySql, byRole: byRole.sort() };
}

describe("one document access rule", () => {
  it("gives the same documents as a Prisma where, as SQL and as one document's role, for every kind of caller", async () => {
    const w = await workspace();
    const [shared, unshared] = w.documents;
    const expected: Record<string, string[]> = {
      admin: [shared, unshared],
      author: [shared, unshared],
      colleague: [shared],
      guest: [shared],
      stranger: [],
      auditor: [shared, unshared],
    };
    for (const [name, ctx] of Object.entries(w.callers)) {
      const seen = await threeWays(ctx, w.account.id, w.documents);
      expect({ name, ...seen }).toEqual({
        name,
        byWhere: expected[name].sort(),
        bySql: expected[name].sort(),
        byRole: expected[name].sort(),
      });
    }
    // With repositoryViewAllDocs every member with ViewDocuments reads every document.
    await updateAccount(w.admin, { settings: { repositoryViewAllDocs: true } });
    const stranger = await threeWays((await signedInAs(w.callers.stranger.userId!, w.account.id)).ctx, w.account.id, w.documents);
    expect(stranger).toEqual({ byWhere: [...w.documents].sort(), bySql: [...w.documents].sort(), byRole: [...w.documents].sort() });
  });

  it("works a document's role out once per request; a context without a request memo asks every time", async () => {
    const w = await workspace();
    const [shared] = w.documents;
    const policyReads = (statements: string[]) => statements.filter((sql) => sql.includes('"DocumentPolicy"')).length;

    const request = withRequestMemo(w.callers.colleague, { readOnly: false });
    const once = await countStatements(async () => {
      for (let i = 0; i < 3; i++) await requireDocumentRole(request, shared, "reader");
    });
    expect(policyReads(once.statements)).toBe(1);

    const plain = await countStatements(async () => {
      for (let i = 0; i < 3; i++) await requireDocumentRole(w.callers.colleague, shared, "reader");
    });
    expect(policyReads(plain.statements)).toBe(3);
  });

  it("works roles out once per GraphQL query too", async () => {
    const w = await workspace();
    const [shared] = w.documents;
    const { accessToken } = await signedInAs(w.callers.colleague.userId!, w.account.id);
    const query = `query Twice($id: ID!) { a: document(id: $id) { id } b: document(id: $id) { id } c: document(id: $id) { id } }`;
    const { result, statements } = await countStatements(() =>
      graphql<{ a: { id: string } }>(query, { accessToken, variables: { id: shared } }),
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.a.id).toBe(shared);
    expect(statements.filter((sql) => sql.includes('FROM "public"."DocumentPolicy"')).length).toBe(1);
  });

  it("forgets the roles it knows when the request changes a policy", async () => {
    const w = await workspace();
    const [shared] = w.documents;
    const request = withRequestMemo(w.callers.author, { readOnly: false });
    expect((await requireDocumentRole(request, shared, "owner")).role).toBe("owner");
    await transferDocumentOwnership(request, shared, w.callers.colleague.userId!);
    await expect(requireDocumentRole(request, shared, "owner")).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await requireDocumentRole(request, shared, "editor")).role).toBe("editor");
  });
});

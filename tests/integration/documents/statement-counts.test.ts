import { describe, expect, it } from "vitest";
import { countStatements, db } from "@/lib/db";
import type { AuthedContext } from "@/lib/auth/context";
import { accessWritesSettled, buildContext } from "@/lib/auth/get-request-context";
import { withRequestMemo } from "@/lib/auth/request-memo";
import { getShellProps } from "@/components/layout/shell-props";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { loadDocumentList } from "@/lib/documents/load-document-list";
import { loadDocumentView } from "@/lib/documents/load-document-view";
import { upsertDocumentPolicy } from "@/lib/documents/policies";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * SQL statements per screen (issue 15), counted through Prisma's query events: stable on any
 * machine, unlike times, so a regression fails here. Each bound is today's count; lower it when
 * a change saves a statement. The targets: the shell 6, the document screen 10, the
 * documents list 8.
 */
async function signedInPage() {
  const { account, owner } = await createAccount("Statements");
  const session = await signedInAs(owner.id, account.id);
  const document = await createDocumentFromUpload(
    session.ctx,
    { name: "Counted" },
    { name: "counted.docx", bytes: makeDocx(["Counted terms"]) },
  );
  // A page's context, as getPageContext builds it (without Next's request scope): the session's
  // statement reads the user's workspaces too.
  const contextOf = (accessToken: string) => async () =>
    withRequestMemo(
      await buildContext(
        { header: (name) => (name === "authorization" ? `Bearer ${accessToken}` : null), cookie: () => null },
        { withPolicies: true },
      ),
      { readOnly: true },
    ) as AuthedContext;
  // signedInAs built the owner's first context, which records the membership's access after the
  // answer: that write must not land among the statements counted next.
  await accessWritesSettled();
  return { account, session, document, pageContext: contextOf(session.accessToken), contextOf };
}

const writes = (statements: string[]) => statements.filter((sql) => /^\s*(INSERT|UPDATE|DELETE)/i.test(sql));

/** The /docs screen as its page runs it: the shell and the list side by side. */
const documentsScreen = async (ctx: AuthedContext, filters: Parameters<typeof loadDocumentList>[1]) =>
  (await Promise.all([getShellProps(ctx), loadDocumentList(ctx, filters)]))[1];

describe("statements per screen", () => {
  it("the signed-in shell: the session with the user, the membership and the user's workspaces: 1", async () => {
    const { account, pageContext } = await signedInPage();
    const { result, statements } = await countStatements(async () => getShellProps(await pageContext()));
    expect(result.shell.accountName).toBe(account.name);
    expect(result.shell.accounts).toEqual([{ id: account.id, name: account.name }]);
    expect(statements).toHaveLength(1);
  });

  it("the document screen: 6 with the shell (the shell 1), none of them a write", async () => {
    const { account, document, pageContext } = await signedInPage();
    const { result, statements } = await countStatements(async () => {
      const ctx = await pageContext();
      const shell = await countStatements(async () => getShellProps(ctx));
      expect(shell.statements.length).toBeLessThanOrEqual(6);
      return { shell: shell.result, view: await loadDocumentView(ctx, document.id, undefined) };
    });
    // What the screen shows: the shell's user and workspace, the document with its pages, its
    // one version, its activity, who has access, and the options to file it.
    expect(result.shell.shell.accountName).toBe(account.name);
    const view = result.view;
    if (view.document === null) throw new Error("The owner sees their document.");
    expect(view.document).toMatchObject({ id: document.id, name: "Counted", role: "owner", locked: false });
    expect(view.document.abilities).toMatchObject({ view: true, edit: true, share: true, manage: true });
    expect(view.rendition?.html).toContain("Counted terms");
    expect(view.versions.map((v) => [v.version, v.name])).toEqual([[1, "counted.docx"]]);
    expect(view.activity.map((a) => a.eventType)).toContain("document.created");
    expect(view.policies.map((p) => [p.role, p.status])).toEqual([["owner", "active"]]);
    expect(view.members.map((m) => m.email)).toEqual([view.policies[0]!.user.email]);
    expect(view.attachments).toEqual([]);
    expect(view.tags).toEqual([]);
    expect(view.folders).toEqual([]);
    expect(writes(statements)).toEqual([]);
    // Read once per request, by documentViewRow: the document with its versions, attachments and
    // policies (the caller's role among them); no other statement reads a document.
    expect(statements.filter((sql) => /FROM "Document" d\s+WHERE d\.id = \$\d+ AND d\."accountId" = \$\d+$/.test(sql.trim()))).toHaveLength(
      1,
    );
    expect(statements.filter((sql) => /FROM "public"\."Document"/.test(sql))).toEqual([]);
    expect(statements.filter((sql) => /^SELECT .* FROM "public"\."DocumentPolicy" AS "t0"/.test(sql))).toEqual([]);
    // The shell 1; the document, its activity, the options with the settings, the people named, the members to share with.
    expect(statements).toHaveLength(6);
  });

  it("the documents list (/docs) for an administrator: 4 with the shell, words to search included, none of them a write", async () => {
    const { document, pageContext } = await signedInPage();
    // The shell 1; the page's ids with the total, the rows with the caller's policies, the
    // folders with the categories, the tags and the authors; no query for the rows' roles.
    const list = await countStatements(async () => documentsScreen(await pageContext(), {}));
    expect(list.result.documents.map((d) => d.id)).toEqual([document.id]);
    expect(list.result.documents[0]!.abilities).toEqual({ edit: true, manage: true });
    expect(writes(list.statements)).toEqual([]);
    expect(list.statements).toHaveLength(4);
    // With words, the same 4: the page's ids count the matches and bring the rows' matching passages.
    const search = await countStatements(async () => documentsScreen(await pageContext(), { search: "counted", orderBy: "relevance" }));
    expect(search.result.documents[0]!.highlight).not.toBeNull();
    expect(search.result.page).toEqual({ page: 1, pages: 1, total: 1, capped: false, ranked: false });
    expect(writes(search.statements)).toEqual([]);
    expect(search.statements).toHaveLength(4);
  });

  it("the documents list (/docs) for a Member: at most 5 with the shell, the rows' roles without a query of their own", async () => {
    const { account, session, document, contextOf } = await signedInPage();
    const plain = await addMember(account.id, "Member");
    await upsertDocumentPolicy(session.ctx, document.id, { userId: plain.id, role: "editor" });
    const member = await signedInAs(plain.id, account.id);
    // The membership's first use records its access time (a write, after the answer); later requests do not.
    // Waiting for the write itself, not for its row: the row can be seen before Prisma reports the statement.
    await contextOf(member.accessToken)();
    await accessWritesSettled();
    expect((await db.accountPolicy.findFirstOrThrow({ where: { accountId: account.id, userId: plain.id } })).accessedAt).not.toBeNull();
    const { result, statements } = await countStatements(async () => documentsScreen(await contextOf(member.accessToken)(), {}));
    expect(result.documents.map((d) => ({ id: d.id, abilities: d.abilities }))).toEqual([
      { id: document.id, abilities: { edit: true, manage: false } },
    ]);
    expect(writes(statements)).toEqual([]);
    expect(statements.filter((sql) => /FROM "public"\."DocumentPolicy"/.test(sql) && !/"public"\."Document" AS/.test(sql))).toEqual([]);
    // The 4 of an administrator and the account's setting that says whether Members see every document.
    expect(statements.length).toBeLessThanOrEqual(5);
  });
});

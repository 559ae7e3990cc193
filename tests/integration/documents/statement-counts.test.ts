import { describe, expect, it } from "vitest";
import { countStatements } from "@/lib/db";
import type { AuthedContext } from "@/lib/auth/context";
import { buildContext } from "@/lib/auth/get-request-context";
import { withRequestMemo } from "@/lib/auth/request-memo";
import { getShellProps } from "@/components/layout/shell-props";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { loadDocumentView } from "@/lib/documents/load-document-view";
import { createAccount, signedInAs } from "@/tests/factories";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * SQL statements per screen (issue 15), counted through Prisma's query events: stable on any
 * machine, unlike times, so a regression fails here. Each bound is today's count; lower it when
 * a change saves a statement. The targets: the shell 6, the document screen 10.
 */
async function signedInPage() {
  const { account, owner } = await createAccount("Statements");
  const session = await signedInAs(owner.id, account.id);
  const document = await createDocumentFromUpload(session.ctx, { name: "Counted" }, { name: "counted.docx", bytes: makeDocx(["Counted terms"]) });
  // A page's context, as getPageContext builds it (without Next's request scope).
  const pageContext = async () =>
    withRequestMemo(await buildContext({ header: (name) => (name === "authorization" ? `Bearer ${session.accessToken}` : null), cookie: () => null }), { readOnly: true }) as AuthedContext;
  return { document, pageContext };
}

describe("statements per screen", () => {
  it("the signed-in shell: the session and membership, then the user with their workspaces: 2", async () => {
    const { pageContext } = await signedInPage();
    const { statements } = await countStatements(async () => getShellProps(await pageContext()));
    expect(statements).toHaveLength(2);
  });

  it("the document screen: at most 18 with the shell, none of them a write", async () => {
    const { document, pageContext } = await signedInPage();
    const { result, statements } = await countStatements(async () => {
      const ctx = await pageContext();
      await getShellProps(ctx);
      return loadDocumentView(ctx, document.id, undefined);
    });
    expect(result.document?.id).toBe(document.id);
    expect(result.rendition?.html).toContain("Counted terms");
    expect(statements.filter((sql) => /^\s*(INSERT|UPDATE|DELETE)/i.test(sql))).toEqual([]);
    // Read once per request: the document's plain row and the caller's role.
    expect(statements.filter((sql) => /FROM "public"\."Document" AS "t0" WHERE/.test(sql)).length).toBeLessThanOrEqual(2);
    expect(statements.length).toBeLessThanOrEqual(18);
  });
});

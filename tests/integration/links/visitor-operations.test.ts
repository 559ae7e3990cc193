import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { anonymousContext } from "@/lib/auth/context";
import { buildContext, type RequestSource } from "@/lib/auth/get-request-context";
import { withRequestMemo } from "@/lib/auth/request-memo";
import { addDocumentComment } from "@/lib/documents/document-comments";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { createDocumentLink } from "@/lib/links/document-links";
import { linkRef } from "@/lib/links/link-access";
import { validateDocumentLink } from "@/lib/links/validate-document-link";
import {
  createLinkComment,
  deleteLinkCommentOperation,
  linkComments,
  linkedAttachmentFile,
  linkedDocument,
  updateLinkCommentOperation,
} from "@/lib/links/visitor-operations";
import { runOperation } from "@/lib/operations/operation";
import { OPERATIONS } from "@/lib/registry/operations";
import { createAccount, signedInAs } from "@/tests/factories";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * A share link's visitor is a caller of its own (issue 14): buildContext resolves the link
 * access token of `Authorization: Bearer` into a context `via: "link"`, in the same place as the
 * other callers, and the visitor's operations reach the one document of that link only. Here a
 * visitor of A's link calls them with B's link, comment and attachment: nothing of B answers, and
 * B's rows are unchanged.
 */
const source = (headers: Record<string, string>): RequestSource => ({
  header: (name) => headers[name.toLowerCase()] ?? null,
  cookie: () => null,
});

async function workspace(name: string) {
  const { account, owner } = await createAccount(name);
  const ctx = (await signedInAs(owner.id, account.id)).ctx;
  const document = await createDocumentFromUpload(ctx, { name: `${name}'s lease` }, { name: "l.docx", bytes: makeDocx([`${name}`]) });
  const link = await createDocumentLink(ctx, document.id, { name: `${name}'s link`, role: "reviewer" });
  const comment = await addDocumentComment(ctx, document.id, { body: `${name}'s comment`, kind: "comment" });
  const attachment = await db.documentAttachment.create({
    data: { accountId: account.id, documentId: document.id, name: "b.pdf", mimetype: "application/pdf", size: 4, path: "nowhere/b.pdf" },
  });
  const opened = await validateDocumentLink(anonymousContext({ userAgent: "vitest" }), link.id);
  if (opened.status !== "valid") throw new Error("the link did not open");
  return { account, document, link, comment, attachment, token: opened.accessToken };
}

let a: Awaited<ReturnType<typeof workspace>>;
let b: Awaited<ReturnType<typeof workspace>>;

beforeAll(async () => {
  a = await workspace("VisitA");
  b = await workspace("VisitB");
});

const visitorOf = async (token: string) =>
  withRequestMemo(await buildContext(source({ authorization: `Bearer ${token}` })), { readOnly: false });
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "OK",
    (error: { code?: string }) => error.code ?? String(error),
  );
const stateOfB = () =>
  Promise.all([
    db.documentComment.findMany({ where: { accountId: b.account.id }, orderBy: { id: "asc" } }),
    db.documentLink.findMany({ where: { accountId: b.account.id }, orderBy: { id: "asc" } }),
    db.audit.count({ where: { accountId: b.account.id, via: "link" } }),
  ]);

describe("the share link's visitor as a caller", () => {
  it("buildContext resolves a link access token into a visitor, and a forged one into nobody", async () => {
    const ctx = await buildContext(source({ authorization: `Bearer ${a.token}` }));
    expect(ctx).toMatchObject({ via: "link", viaId: linkRef(a.link.id), userId: null, accountId: null, linkToken: a.token });
    const forged = await buildContext(source({ authorization: `Bearer ${a.token.slice(0, -2)}xx` }));
    expect(forged).toMatchObject({ via: "anonymous", userId: null });
    expect(forged.linkToken).toBeUndefined();
  });

  it("reads the document of its own link", async () => {
    const view = await runOperation(linkedDocument, await visitorOf(a.token), {});
    expect(view.document).toMatchObject({ id: a.document.id });
  });

  it("with B's link, comment and attachment ids: refused, and B unchanged", async () => {
    const before = await stateOfB();
    const ctx = await visitorOf(a.token);
    const calls = {
      linkComments: codeOf(runOperation(linkComments, ctx, { linkId: b.link.id })),
      createLinkComment: codeOf(runOperation(createLinkComment, ctx, { linkId: b.link.id, body: "Planted", authorName: "Spy" })),
      replyToB: codeOf(
        runOperation(createLinkComment, ctx, { linkId: a.link.id, body: "Planted", authorName: "Spy", parentId: b.comment.id }),
      ),
      updateLinkComment: codeOf(
        runOperation(updateLinkCommentOperation, ctx, { linkId: a.link.id, commentId: b.comment.id, body: "Taken" }),
      ),
      deleteLinkComment: codeOf(runOperation(deleteLinkCommentOperation, ctx, { linkId: a.link.id, commentId: b.comment.id })),
      linkedAttachmentFile: codeOf(runOperation(linkedAttachmentFile, ctx, { attachmentId: b.attachment.id })),
    };
    expect(await Promise.all(Object.values(calls))).toEqual(Object.values(calls).map(() => expect.not.stringMatching(/^OK$/)));
    expect(await calls.linkComments).toBe("UNAUTHENTICATED");
    expect(await calls.updateLinkComment).toBe("NOT_FOUND");
    expect(await calls.deleteLinkComment).toBe("NOT_FOUND");
    expect(await calls.linkedAttachmentFile).toBe("NOT_FOUND");
    expect(await stateOfB()).toEqual(before);
    expect(await db.documentComment.count({ where: { body: "Planted", accountId: { in: [a.account.id, b.account.id] } } })).toBe(0);
  });

  it("a member is no visitor: the visitor's operations want the link's token, and the members' refuse a visitor", async () => {
    const member = (
      await signedInAs((await db.accountPolicy.findFirstOrThrow({ where: { accountId: a.account.id } })).userId, a.account.id)
    ).ctx;
    expect(await codeOf(runOperation(linkedDocument, withRequestMemo(member, { readOnly: true }), {}))).toBe("UNAUTHENTICATED");
    const members = OPERATIONS.find((operation) => operation.name === "comments")!;
    expect(await codeOf(runOperation(members, await visitorOf(a.token), { id: a.document.id }))).toBe("FORBIDDEN");
  });
});

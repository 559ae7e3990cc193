import { describe, expect, it } from "vitest";
import * as linkComments from "@/app/vapp/links/[linkId]/comments/route";
import * as linkComment from "@/app/vapp/links/[linkId]/comments/[commentId]/route";
import { db } from "@/lib/db";
import { anonymousContext } from "@/lib/auth/context";
import type { DocumentRoleName } from "@/lib/generated/prisma/client";
import { documentActivity } from "@/lib/documents/activity";
import { addDocumentComment, deleteDocumentComment, findDocumentComments, updateDocumentComment } from "@/lib/documents/document-comments";
import { resolveDocumentComment } from "@/lib/documents/resolve-document-comment";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { createDocumentLink, deleteDocumentLink } from "@/lib/links/document-links";
import { linkRef } from "@/lib/links/link-access";
import { deleteLinkComment, findLinkComments } from "@/lib/links/link-comments";
import { createLinkComment, updateLinkCommentOperation } from "@/lib/links/visitor-operations";
import { runOperation } from "@/lib/operations/operation";
import type { z } from "zod";
import { refreshDocumentLinkToken, validateDocumentLink, type LinkValidation } from "@/lib/links/validate-document-link";
import { addMember, createAccount, createUser, latestEmail, signedInAs } from "@/tests/factories";
import { jsonRequest, params } from "@/tests/factories/http";
import { makeDocx } from "@/tests/fixtures/docx";

const visitor = () =>
  anonymousContext({ ip: `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`, userAgent: "vitest", locale: "en" });

/**
 * A visitor's comment and edit through their declarations, with the link access token as the
 * route gives it: the input is parsed there (trimmed, limited, the kind defaulted), once.
 */
const addThroughLink = (linkId: string, token: string, input: Omit<z.input<typeof createLinkComment.input>, "linkId">) =>
  runOperation(createLinkComment, { ...visitor(), linkToken: token }, { linkId, ...input });
const editThroughLink = (linkId: string, token: string, commentId: string, input: { body: string }) =>
  runOperation(updateLinkCommentOperation, { ...visitor(), linkToken: token }, { linkId, commentId, ...input });

/**
 * A workspace where Ana (Member) made a document; Carla is a Member with commenter on it, Rex a
 * Member with reviewer, Eva a Member with editor. Links are made by Ana (owner).
 */
async function workspace() {
  const { account, owner: admin } = await createAccount("LinkComments");
  const member = async (firstName: string) => addMember(account.id, "Member", await createUser({ firstName }));
  const people = { ana: await member("Ana"), carla: await member("Carla"), rex: await member("Rex"), eva: await member("Eva") };
  const as = async (user: { id: string }) => (await signedInAs(user.id, account.id)).ctx;
  const ctx = {
    admin: await as(admin),
    ana: await as(people.ana),
    carla: await as(people.carla),
    rex: await as(people.rex),
    eva: await as(people.eva),
  };
  const document = await createDocumentFromUpload(
    ctx.ana,
    { name: "Supply agreement" },
    { name: "s.docx", bytes: makeDocx(["Supply terms"]) },
  );
  const grant = (userId: string, role: DocumentRoleName) =>
    db.documentPolicy.create({ data: { accountId: account.id, documentId: document.id, userId, role } });
  await grant(people.carla.id, "commenter");
  await grant(people.rex.id, "reviewer");
  await grant(people.eva.id, "editor");
  const link = (name: string, settings: { role?: "reader" | "commenter" | "reviewer"; isSecure?: boolean; expiredAt?: string } = {}) =>
    createDocumentLink(ctx.ana, document.id, { name, role: "commenter", ...settings });
  return { account, people, ctx, document, link };
}

function tokensOf(result: LinkValidation) {
  if (result.status !== "valid") throw new Error(`Expected tokens, got ${result.status}`);
  return result;
}

/** Opens an open link as a new visit and returns its access token. */
const open = async (linkId: string) => tokensOf(await validateDocumentLink(visitor(), linkId)).accessToken;

/** Opens a secure link with an address and its emailed code. */
async function openSecure(linkId: string, email: string) {
  await validateDocumentLink(visitor(), linkId, { email });
  const code = (await latestEmail(email))!.text.match(/^(\d{6})$/m)![1];
  return tokensOf(await validateDocumentLink(visitor(), linkId, { email, code })).accessToken;
}

describe("comments through a share link", () => {
  it("lets a commenter link's visitor list, add and reply, signed with a name; members see who and through which link", async () => {
    const w = await workspace();
    const link = await w.link("For the supplier");
    const token = await open(link.id);
    const memberComment = await addDocumentComment(w.ctx.carla, w.document.id, { body: "Internal note", kind: "comment" });

    // A visitor of an open link signs with a name.
    await expect(addThroughLink(link.id, token, { body: "Hello" })).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    await expect(addThroughLink(link.id, token, { body: "   ", authorName: "Sam" })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });
    await expect(addThroughLink(link.id, token, { body: "x".repeat(5001), authorName: "Sam" })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });
    await expect(addThroughLink(link.id, token, { body: "Hi", authorName: "x".repeat(81) })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });

    const top = await addThroughLink(link.id, token, { body: "  Clause 3 is unclear  ", authorName: "  Sam Supplier " });
    expect(top).toMatchObject({
      body: "Clause 3 is unclear",
      parentId: null,
      kind: "comment",
      authorName: "Sam Supplier",
      isVisitor: true,
      isOwn: true,
      canEdit: true,
      canDelete: true,
    });
    const reply = await addThroughLink(link.id, token, {
      body: "Agreed",
      authorName: "Sam Supplier",
      parentId: memberComment.id,
    });
    expect(reply.parentId).toBe(memberComment.id);

    const seen = await findLinkComments(visitor(), link.id, token);
    expect(seen.map((c) => [c.body, c.authorName, c.isVisitor, c.isOwn, c.canEdit, c.canDelete])).toEqual([
      ["Internal note", "Carla User", false, false, false, false],
      ["Clause 3 is unclear", "Sam Supplier", true, true, true, true],
      ["Agreed", "Sam Supplier", true, true, true, true],
    ]);
    // A visitor sees no member ids, addresses or link names.
    expect(JSON.stringify(seen)).not.toContain(w.people.carla.id);
    expect(JSON.stringify(seen)).not.toContain("For the supplier");
    expect(seen[0]).not.toHaveProperty("author");

    // Members see the visitor's name and the link it came through; only an owner deletes it.
    const forCarla = await findDocumentComments(w.ctx.carla, w.document.id);
    const visitorRow = forCarla.find((c) => c.id === top.id)!;
    expect(visitorRow).toMatchObject({
      author: null,
      visitor: { name: "Sam Supplier", email: null, linkName: "For the supplier" },
      canEdit: false,
      canDelete: false,
    });
    expect((await findDocumentComments(w.ctx.ana, w.document.id)).find((c) => c.id === top.id)).toMatchObject({
      canDelete: true,
      canResolve: true,
    });
    await expect(updateDocumentComment(w.ctx.ana, top.id, { body: "Rewritten" })).rejects.toMatchObject({ code: "FORBIDDEN" });

    // The visitor edits and deletes their own comment.
    expect(await editThroughLink(link.id, token, top.id, { body: "Clause 3, second line" })).toMatchObject({
      body: "Clause 3, second line",
      isOwn: true,
    });
    expect(await deleteLinkComment(visitor(), link.id, token, reply.id)).toBe(reply.id);
    expect(await db.documentComment.count({ where: { id: reply.id } })).toBe(0);
  });

  it("refuses a reader link, an expired link and a removed link; the comments stay for members", async () => {
    const w = await workspace();
    const reader = await w.link("Read only", { role: "reader" });
    const readerToken = await open(reader.id);
    await expect(findLinkComments(visitor(), reader.id, readerToken)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(addThroughLink(reader.id, readerToken, { body: "Hi", authorName: "Rui" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });

    const soon = await w.link("Soon", { expiredAt: new Date(Date.now() + 60_000).toISOString() });
    const soonToken = await open(soon.id);
    const written = await addThroughLink(soon.id, soonToken, { body: "Before expiry", authorName: "Rui" });
    await db.documentLink.update({ where: { id: soon.id }, data: { expiredAt: new Date(Date.now() - 1000) } });
    await expect(findLinkComments(visitor(), soon.id, soonToken)).rejects.toMatchObject({ code: "LINK_EXPIRED" });
    await expect(addThroughLink(soon.id, soonToken, { body: "After", authorName: "Rui" })).rejects.toMatchObject({
      code: "LINK_EXPIRED",
    });
    await expect(editThroughLink(soon.id, soonToken, written.id, { body: "After" })).rejects.toMatchObject({
      code: "LINK_EXPIRED",
    });
    await expect(deleteLinkComment(visitor(), soon.id, soonToken, written.id)).rejects.toMatchObject({ code: "LINK_EXPIRED" });

    const gone = await w.link("Gone");
    const goneToken = await open(gone.id);
    const kept = await addThroughLink(gone.id, goneToken, { body: "Still here", authorName: "Gus" });
    await deleteDocumentLink(w.ctx.ana, gone.id);
    await expect(findLinkComments(visitor(), gone.id, goneToken)).rejects.toMatchObject({ code: "LINK_EXPIRED" });
    expect((await findDocumentComments(w.ctx.carla, w.document.id)).find((c) => c.id === kept.id)).toMatchObject({
      visitor: { name: "Gus", linkName: null },
    });
    await expect(findLinkComments(visitor(), gone.id, null)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("keeps a visitor's hands off members' comments, other links' and other visits' comments", async () => {
    const w = await workspace();
    const first = await w.link("First");
    const second = await w.link("Second");
    const mine = await open(first.id);
    const theirs = await open(second.id);
    const sameLinkOtherVisit = await open(first.id);

    const byMember = await addDocumentComment(w.ctx.carla, w.document.id, { body: "Member's", kind: "comment" });
    const bySecond = await addThroughLink(second.id, theirs, { body: "Second link's", authorName: "Bo" });
    const byOtherVisit = await addThroughLink(first.id, sameLinkOtherVisit, { body: "Other visit's", authorName: "Cy" });
    for (const target of [byMember, bySecond, byOtherVisit]) {
      await expect(editThroughLink(first.id, mine, target.id, { body: "Hijacked" })).rejects.toMatchObject({
        code: "FORBIDDEN",
      });
      await expect(deleteLinkComment(visitor(), first.id, mine, target.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    expect(await db.documentComment.count({ where: { id: { in: [byMember.id, bySecond.id, byOtherVisit.id] } } })).toBe(3);
    expect((await findLinkComments(visitor(), first.id, mine)).map((c) => c.isOwn)).toEqual([false, false, false]);

    // A token only works at the path of its own link.
    await expect(findLinkComments(visitor(), second.id, mine)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(deleteLinkComment(visitor(), second.id, mine, bySecond.id)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });

    // Refreshing keeps the visit: what it wrote stays its own.
    const validated = tokensOf(await validateDocumentLink(visitor(), first.id));
    const written = await addThroughLink(first.id, validated.accessToken, { body: "Mine", authorName: "Di" });
    const refreshed = await refreshDocumentLinkToken(visitor(), validated.refreshToken);
    expect(await editThroughLink(first.id, refreshed.accessToken, written.id, { body: "Still mine" })).toMatchObject({
      body: "Still mine",
    });
  });

  it("signs a secure link's comments with the confirmed address, which owns them across visits", async () => {
    const w = await workspace();
    const link = await w.link("Secure", { isSecure: true });
    const email = `lee.${Date.now()}@client.test`;
    const token = await openSecure(link.id, email);
    const written = await addThroughLink(link.id, token, { body: "From Lee" });
    expect(written).toMatchObject({ authorName: email, isOwn: true });
    const named = await addThroughLink(link.id, token, { body: "Signed", authorName: "Lee" });
    expect(named.authorName).toBe("Lee");

    const again = await openSecure(link.id, email);
    expect(await deleteLinkComment(visitor(), link.id, again, written.id)).toBe(written.id);
    const other = await openSecure(link.id, `max.${Date.now()}@client.test`);
    await expect(editThroughLink(link.id, other, named.id, { body: "Not mine" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    // Another visitor sees a name, never the address.
    const unnamed = await addThroughLink(link.id, again, { body: "Unsigned" });
    const seenByOther = await findLinkComments(visitor(), link.id, other);
    expect(seenByOther.map((c) => [c.body, c.authorName, c.isOwn])).toEqual([
      ["Signed", "Lee", false],
      ["Unsigned", email.slice(0, email.indexOf("@")), false],
    ]);
    expect(JSON.stringify(seenByOther)).not.toContain(email);
    expect((await findLinkComments(visitor(), link.id, again)).find((c) => c.id === unnamed.id)).toMatchObject({
      authorName: email,
      isOwn: true,
    });
    expect((await findDocumentComments(w.ctx.ana, w.document.id)).find((c) => c.id === named.id)).toMatchObject({
      visitor: { name: "Lee", email, linkName: "Secure" },
    });
  });

  it("audits every visitor write via the link, by its fingerprint, and keeps the document's activity", async () => {
    const w = await workspace();
    const link = await w.link("Audited");
    const token = await open(link.id);
    const written = await addThroughLink(link.id, token, { body: "Audit me", authorName: "Ava" });
    await editThroughLink(link.id, token, written.id, { body: "Audit me again" });
    await deleteLinkComment(visitor(), link.id, token, written.id);
    const rows = await db.audit.findMany({
      where: { accountId: w.account.id, targetType: "documentComment" },
      orderBy: { createdAt: "asc" },
    });
    expect(rows.map((r) => [r.eventType, r.via, r.viaId, r.userId, r.targetId, r.targetContext])).toEqual([
      ["document.commentAdded", "link", linkRef(link.id), null, written.id, w.document.id],
      ["document.commentUpdated", "link", linkRef(link.id), null, written.id, w.document.id],
      ["document.commentDeleted", "link", linkRef(link.id), null, written.id, w.document.id],
    ]);
    expect(rows[0].payload).toMatchObject({ excerpt: "Audit me", name: "Ava", email: null, kind: "comment" });
    // The link's id is its secret: no audit row carries it.
    expect(JSON.stringify(rows)).not.toContain(link.id);

    const activity = await documentActivity(w.ctx.ana, w.document.id);
    expect(activity.map((a) => a.eventType)).toEqual(expect.arrayContaining(["link.created", "link.accessed"]));
  });

  it("hides them from another account's members", async () => {
    const w = await workspace();
    const link = await w.link("Isolated");
    const written = await addThroughLink(link.id, await open(link.id), { body: "Private", authorName: "Ivy" });
    const other = await createAccount("Elsewhere");
    const { ctx: stranger } = await signedInAs(other.owner.id, other.account.id);
    await expect(findDocumentComments(stranger, w.document.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(updateDocumentComment(stranger, written.id, { body: "x" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(resolveDocumentComment(stranger, written.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(deleteDocumentComment(stranger, written.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    // A link of the other account reaches none of them.
    const theirDocument = await createDocumentFromUpload(stranger, { name: "Theirs" }, { name: "t.docx", bytes: makeDocx(["Theirs"]) });
    const theirLink = await createDocumentLink(stranger, theirDocument.id, { name: "Theirs", role: "reviewer" });
    const theirToken = await open(theirLink.id);
    expect(await findLinkComments(visitor(), theirLink.id, theirToken)).toEqual([]);
    await expect(
      addThroughLink(theirLink.id, theirToken, { body: "Sneaky", parentId: written.id, authorName: "Oz" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(deleteLinkComment(visitor(), theirLink.id, theirToken, written.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await db.documentComment.count({ where: { id: written.id, body: "Private" } })).toBe(1);
  });
});

describe("suggestions", () => {
  it("are for reviewers: a reviewer link suggests, commenters see none, an editor marks them applied", async () => {
    const w = await workspace();
    const reviewer = await w.link("Reviewer", { role: "reviewer" });
    const commenter = await w.link("Commenter");
    const reviewerToken = await open(reviewer.id);
    const commenterToken = await open(commenter.id);

    const suggestion = await addThroughLink(reviewer.id, reviewerToken, {
      body: "Say 30 days, not 60",
      kind: "suggestion",
      authorName: "Rio",
    });
    expect(suggestion).toMatchObject({ kind: "suggestion", isOwn: true });
    const reply = await addThroughLink(reviewer.id, reviewerToken, {
      body: "Or 45",
      authorName: "Rio",
      parentId: suggestion.id,
    });
    expect(reply.kind).toBe("suggestion");
    await expect(
      addThroughLink(commenter.id, commenterToken, { body: "Me too", kind: "suggestion", authorName: "Cid" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await findLinkComments(visitor(), commenter.id, commenterToken)).toEqual([]);
    await expect(
      addThroughLink(commenter.id, commenterToken, { body: "Reply", parentId: suggestion.id, authorName: "Cid" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });

    // Members: a commenter sees none; a reviewer sees and writes them; only an editor applies them.
    expect(await findDocumentComments(w.ctx.carla, w.document.id)).toEqual([]);
    await expect(resolveDocumentComment(w.ctx.carla, suggestion.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(addDocumentComment(w.ctx.carla, w.document.id, { body: "x", kind: "suggestion" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const rexs = await addDocumentComment(w.ctx.rex, w.document.id, { body: "Add a cap", kind: "suggestion" });
    expect(rexs).toMatchObject({ kind: "suggestion", canEdit: true, canResolve: false });
    await expect(resolveDocumentComment(w.ctx.rex, rexs.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await findDocumentComments(w.ctx.rex, w.document.id)).map((c) => c.kind)).toEqual(["suggestion", "suggestion", "suggestion"]);
    const applied = await resolveDocumentComment(w.ctx.eva, suggestion.id);
    expect(applied.resolvedAt).toBeInstanceOf(Date);
    expect((await findLinkComments(visitor(), reviewer.id, reviewerToken))[0]).toMatchObject({
      kind: "suggestion",
      resolvedAt: applied.resolvedAt,
    });
  });
});

describe("comments through a share link over REST", () => {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it("lists, adds, edits and deletes with the bearer token alone, and maps errors to statuses", async () => {
    const w = await workspace();
    const link = await w.link("Rest");
    const token = await open(link.id);
    const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = bearer(token)) =>
      jsonRequest(method, path, { body, headers, csrf: false });

    const created = await linkComments.POST(
      call("POST", `/vapp/links/${link.id}/comments`, { body: "Over REST", authorName: "Ria" }),
      params({ linkId: link.id }),
    );
    expect(created.status).toBe(201);
    const comment = (await created.json()) as { id: string; body: string; isOwn: boolean };
    expect(comment).toMatchObject({ body: "Over REST", isOwn: true });

    const listed = await linkComments.GET(call("GET", `/vapp/links/${link.id}/comments`), params({ linkId: link.id }));
    expect(listed.status).toBe(200);
    expect(listed.headers.get("cache-control")).toBe("no-store");
    expect(((await listed.json()) as { body: string }[]).map((c) => c.body)).toEqual(["Over REST"]);

    const patched = await linkComment.PATCH(
      call("PATCH", `/vapp/links/${link.id}/comments/${comment.id}`, { body: "Edited" }),
      params({ linkId: link.id, commentId: comment.id }),
    );
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ body: "Edited" });

    // With our cookies on it, a write needs the CSRF token like any other.
    const withCookie = jsonRequest("POST", `/vapp/links/${link.id}/comments`, {
      body: { body: "Forged", authorName: "X" },
      headers: bearer(token),
      csrf: false,
      cookies: { other: "1" },
    });
    expect((await linkComments.POST(withCookie, params({ linkId: link.id }))).status).toBe(403);
    expect(
      (await linkComments.POST(call("POST", `/vapp/links/${link.id}/comments`, { body: "No name" }), params({ linkId: link.id }))).status,
    ).toBe(400);
    expect(
      (await linkComments.GET(call("GET", `/vapp/links/${link.id}/comments`, undefined, {}), params({ linkId: link.id }))).status,
    ).toBe(401);

    const member = await addDocumentComment(w.ctx.carla, w.document.id, { body: "Member's", kind: "comment" });
    const refused = await linkComment.DELETE(
      call("DELETE", `/vapp/links/${link.id}/comments/${member.id}`),
      params({ linkId: link.id, commentId: member.id }),
    );
    expect(refused.status).toBe(403);

    const deleted = await linkComment.DELETE(
      call("DELETE", `/vapp/links/${link.id}/comments/${comment.id}`),
      params({ linkId: link.id, commentId: comment.id }),
    );
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ id: comment.id });

    const reader = await w.link("Reader", { role: "reader" });
    const readerToken = await open(reader.id);
    expect(
      (
        await linkComments.GET(
          call("GET", `/vapp/links/${reader.id}/comments`, undefined, bearer(readerToken)),
          params({ linkId: reader.id }),
        )
      ).status,
    ).toBe(403);

    // A member's own access token is no link token: another workspace's administrator, even
    // with this workspace's header, gets nothing (these routes take link tokens only).
    const other = await createAccount("RestElsewhere");
    const strangerToken = (await signedInAs(other.owner.id, other.account.id)).accessToken;
    const asStranger = { ...bearer(strangerToken), "x-account-id": w.account.id };
    const strangerCalls = [
      linkComments.GET(call("GET", `/vapp/links/${link.id}/comments`, undefined, asStranger), params({ linkId: link.id })),
      linkComments.POST(
        call("POST", `/vapp/links/${link.id}/comments`, { body: "Planted", authorName: "Spy" }, asStranger),
        params({ linkId: link.id }),
      ),
      linkComment.PATCH(call("PATCH", "/x", { body: "Planted" }, asStranger), params({ linkId: link.id, commentId: member.id })),
      linkComment.DELETE(call("DELETE", "/x", undefined, asStranger), params({ linkId: link.id, commentId: member.id })),
    ];
    for (const response of await Promise.all(strangerCalls)) {
      expect(response.status).toBe(401);
      expect(await response.text()).not.toContain("Member's");
    }
    expect(await db.documentComment.count({ where: { documentId: w.document.id, body: "Planted" } })).toBe(0);

    await db.documentLink.update({ where: { id: link.id }, data: { expiredAt: new Date(Date.now() - 1000) } });
    const expired = await linkComments.GET(call("GET", `/vapp/links/${link.id}/comments`), params({ linkId: link.id }));
    expect(expired.status).toBe(410);
    expect(await expired.json()).toMatchObject({ error: { code: "LINK_EXPIRED" } });
  });
});

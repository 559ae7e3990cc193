import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import * as documentRelations from "@/app/vapp/documents/[id]/relations/route";
import * as relationRoute from "@/app/vapp/relations/[relationId]/route";
import * as candidatesRoute from "@/app/vapp/documents/[id]/relation-candidates/route";
import * as documentComments from "@/app/vapp/documents/[id]/comments/route";
import * as commentRoute from "@/app/vapp/comments/[commentId]/route";
import * as resolveRoute from "@/app/vapp/comments/[commentId]/resolve/route";
import { anonymousContext, type ServiceContext } from "@/lib/auth/context";
import type { DocumentRoleName } from "@/lib/generated/prisma/client";
import { addDocumentComment, deleteDocumentComment, findDocumentComments, updateDocumentComment } from "@/lib/documents/document-comments";
import { resolveDocumentComment } from "@/lib/documents/resolve-document-comment";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { createDocumentRelation } from "@/lib/documents/create-document-relation";
import { deleteDocumentRelation } from "@/lib/documents/delete-document-relations";
import { findDocumentRelations } from "@/lib/documents/find-document-relations";
import { updateDocumentRelation } from "@/lib/documents/update-document-relation";
import { findRelationCandidates } from "@/lib/documents/relation-candidates";
import { createComment } from "@/lib/documents/comment-operations";
import { createRelation, updateRelation } from "@/lib/documents/relation-operations";
import { runOperation } from "@/lib/operations/operation";
import { createDocumentLink } from "@/lib/links/document-links";
import { addLinkComment } from "@/lib/links/link-comments";
import { validateDocumentLink } from "@/lib/links/validate-document-link";
import { createTemplate } from "@/lib/templates/templates";
import { addMember, createAccount, createUser, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest, params } from "@/tests/factories/http";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * A workspace where Ana (Member) made "Master services agreement" and "Order form"; Rita, Carlos,
 * Eva are Members with reader, commenter and editor on the first; Olga (Member) sees neither and
 * made "Okapi side letter"; Gil is a Guest with commenter. The Administrator made a template.
 */
async function workspace() {
  const { account, owner: admin } = await createAccount("Relations");
  const member = async (role: "Member" | "Guest", firstName: string) => addMember(account.id, role, await createUser({ firstName }));
  const people = {
    ana: await member("Member", "Ana"),
    rita: await member("Member", "Rita"),
    carlos: await member("Member", "Carlos"),
    eva: await member("Member", "Eva"),
    olga: await member("Member", "Olga"),
    gil: await member("Guest", "Gil"),
  };
  const as = async (user: { id: string }) => (await signedInAs(user.id, account.id)).ctx;
  const ctx = {
    admin: await as(admin),
    ana: await as(people.ana),
    rita: await as(people.rita),
    carlos: await as(people.carlos),
    eva: await as(people.eva),
    olga: await as(people.olga),
    gil: await as(people.gil),
  };
  const main = await createDocumentFromUpload(
    ctx.ana,
    { name: "Master services agreement" },
    { name: "m.docx", bytes: makeDocx(["Master terms"]) },
  );
  const order = await createDocumentFromUpload(ctx.ana, { name: "Order form" }, { name: "o.docx", bytes: makeDocx(["Order"]) });
  const secret = await createDocumentFromUpload(
    ctx.olga,
    { name: "Okapi side letter" },
    { name: "s.docx", bytes: makeDocx(["Side letter"]) },
  );
  const template = await createTemplate(
    ctx.admin,
    { name: "NDA template" },
    { name: "t.docx", bytes: makeDocx(["Between [party] and us"]) },
  );
  const grant = (documentId: string, userId: string, role: DocumentRoleName) =>
    db.documentPolicy.create({ data: { accountId: account.id, documentId, userId, role } });
  await grant(main.id, people.rita.id, "reader");
  await grant(main.id, people.carlos.id, "commenter");
  await grant(main.id, people.eva.id, "editor");
  await grant(main.id, people.gil.id, "commenter");
  return { account, admin, people, ctx, main, order, secret, template, grant };
}

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return "OK";
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
};

describe("document relations", () => {
  it("relates documents and templates, and lists them from both sides", async () => {
    const w = await workspace();
    // Through the declaration, which trims the tag.
    const amends = await runOperation(createRelation, w.ctx.ana, {
      id: w.main.id,
      toDocumentId: w.order.id,
      type: "amends",
      tag: "  2024 renewal ",
    });
    expect(amends).toMatchObject({
      type: "amends",
      tag: "2024 renewal",
      direction: "outgoing",
      canEdit: true,
      other: { kind: "document", id: w.order.id, name: "Order form", status: "initial", format: "docx", canOpen: true },
    });
    await createDocumentRelation(w.ctx.eva, w.main.id, { toTemplateId: w.template.id, type: "basedOn" });

    const fromMain = await findDocumentRelations(w.ctx.ana, w.main.id);
    expect(fromMain.map((r) => [r.direction, r.type, r.other.kind, r.other.name])).toEqual([
      ["outgoing", "amends", "document", "Order form"],
      ["outgoing", "basedOn", "template", "NDA template"],
    ]);
    const toOrder = await findDocumentRelations(w.ctx.ana, w.order.id);
    expect(toOrder).toEqual([
      expect.objectContaining({
        id: amends.id,
        direction: "incoming",
        type: "amends",
        canEdit: true,
        other: expect.objectContaining({ id: w.main.id, name: "Master services agreement" }),
      }),
    ]);

    // A reader lists them but may change nothing.
    const asReader = await findDocumentRelations(w.ctx.rita, w.main.id);
    expect(asReader.map((r) => r.canEdit)).toEqual([false, false]);
    // Rita cannot see the order form itself: it shows as a document she cannot open.
    expect(asReader[0].other).toEqual({ kind: "document", id: null, name: null, status: null, format: null, canOpen: false });
  });

  it("never leaks the name, status or id of a document the caller cannot see, in either direction", async () => {
    const w = await workspace();
    // Olga may edit the agreement and owns the side letter: she relates them both ways.
    await w.grant(w.main.id, w.people.olga.id, "editor");
    const out = await createDocumentRelation(w.ctx.olga, w.main.id, { toDocumentId: w.secret.id, type: "annex" });
    await createDocumentRelation(w.ctx.olga, w.secret.id, { toDocumentId: w.main.id, type: "replaces", tag: "old" });

    const seen = await findDocumentRelations(w.ctx.ana, w.main.id);
    expect(seen).toHaveLength(2);
    for (const relation of seen)
      expect(relation.other).toEqual({ kind: "document", id: null, name: null, status: null, format: null, canOpen: false });
    expect(seen.find((r) => r.direction === "outgoing")).toMatchObject({ id: out.id, canEdit: true });
    expect(seen.find((r) => r.direction === "incoming")).toMatchObject({ type: "replaces", tag: "old", canEdit: false });
    const json = JSON.stringify(seen);
    expect(json).not.toContain("Okapi");
    expect(json).not.toContain(w.secret.id);

    // The REST and GraphQL answers are the same.
    const { accessToken } = await signedInAs(w.people.ana.id, w.account.id);
    const response = await documentRelations.GET(
      jsonRequest("GET", "/x", { headers: { authorization: `Bearer ${accessToken}` } }),
      params({ id: w.main.id }),
    );
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).not.toContain("Okapi");
    expect(body).not.toContain(w.secret.id);
    const gql = await graphql<{ relations: unknown[] }>(
      `{ relations(id: "${w.main.id}") { id type tag direction canEdit other { kind id name status canOpen } } }`,
      { accessToken },
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data?.relations).toHaveLength(2);
    expect(JSON.stringify(gql.data)).not.toMatch(/Okapi/);

    // Ana cannot relate to the side letter herself: for her it does not exist.
    expect(await codeOf(createDocumentRelation(w.ctx.ana, w.main.id, { toDocumentId: w.secret.id, type: "related" }))).toBe("NOT_FOUND");
    // And cannot retag or remove the relation that starts at the side letter.
    const incoming = seen.find((r) => r.direction === "incoming")!;
    expect(await codeOf(updateDocumentRelation(w.ctx.ana, incoming.id, { tag: "mine" }))).toBe("NOT_FOUND");
    expect(await codeOf(deleteDocumentRelation(w.ctx.ana, incoming.id))).toBe("NOT_FOUND");
  });

  it("refuses another account's targets, self relations, duplicates and lesser roles", async () => {
    const w = await workspace();
    const other = await createAccount("Elsewhere");
    const { ctx: ctxB } = await signedInAs(other.owner.id, other.account.id);
    const docOfB = await createDocumentFromUpload(ctxB, { name: "B only" }, { name: "b.docx", bytes: makeDocx(["B"]) });
    const templateOfB = await createTemplate(ctxB, { name: "B template" }, { name: "b.docx", bytes: makeDocx(["[b]"]) });

    expect(await codeOf(createDocumentRelation(w.ctx.admin, w.main.id, { toDocumentId: docOfB.id, type: "related" }))).toBe("NOT_FOUND");
    expect(await codeOf(createDocumentRelation(w.ctx.admin, w.main.id, { toTemplateId: templateOfB.id, type: "related" }))).toBe(
      "NOT_FOUND",
    );
    expect(await codeOf(createDocumentRelation(ctxB, docOfB.id, { toDocumentId: w.main.id, type: "related" }))).toBe("NOT_FOUND");
    expect(await codeOf(createDocumentRelation(w.ctx.ana, w.main.id, { toDocumentId: w.main.id, type: "related" }))).toBe(
      "VALIDATION_FAILED",
    );
    // What the declaration refuses: both ends, neither, a tag too long.
    const relate = (input: object) => runOperation(createRelation, w.ctx.ana, { id: w.main.id, ...input });
    expect(await codeOf(relate({ toDocumentId: w.order.id, toTemplateId: w.template.id }))).toBe("VALIDATION_FAILED");
    expect(await codeOf(relate({}))).toBe("VALIDATION_FAILED");
    expect(await codeOf(relate({ toDocumentId: w.order.id, tag: "x".repeat(41) }))).toBe("VALIDATION_FAILED");

    const first = await createDocumentRelation(w.ctx.ana, w.main.id, { toDocumentId: w.order.id, type: "renews" });
    expect(await codeOf(createDocumentRelation(w.ctx.ana, w.main.id, { toDocumentId: w.order.id, type: "renews" }))).toBe("CONFLICT");
    // Eva edits the agreement but does not see the order form: for her it does not exist.
    expect(await codeOf(createDocumentRelation(w.ctx.eva, w.main.id, { toDocumentId: w.order.id, type: "renews" }))).toBe("NOT_FOUND");
    const second = await createDocumentRelation(w.ctx.ana, w.main.id, { toDocumentId: w.order.id, type: "related" });
    expect(await codeOf(updateDocumentRelation(w.ctx.ana, second.id, { type: "renews" }))).toBe("CONFLICT");

    // Reader and commenter see the agreement but may not relate it; Olga does not see it at all.
    expect(await codeOf(createDocumentRelation(w.ctx.rita, w.main.id, { toTemplateId: w.template.id, type: "related" }))).toBe("FORBIDDEN");
    expect(await codeOf(createDocumentRelation(w.ctx.carlos, w.main.id, { toTemplateId: w.template.id, type: "related" }))).toBe(
      "FORBIDDEN",
    );
    expect(await codeOf(createDocumentRelation(w.ctx.olga, w.main.id, { toTemplateId: w.template.id, type: "related" }))).toBe("NOT_FOUND");
    expect(await codeOf(updateDocumentRelation(w.ctx.rita, first.id, { tag: "x" }))).toBe("FORBIDDEN");
    expect(await codeOf(deleteDocumentRelation(w.ctx.rita, first.id))).toBe("FORBIDDEN");
    expect(await codeOf(deleteDocumentRelation(w.ctx.olga, first.id))).toBe("NOT_FOUND");
    expect(await codeOf(findDocumentRelations(w.ctx.olga, w.main.id))).toBe("NOT_FOUND");
    expect(await codeOf(findDocumentRelations(ctxB, w.main.id))).toBe("NOT_FOUND");
    expect(await db.documentRelation.count({ where: { fromId: w.main.id } })).toBe(2);
    // The database refuses a relation without a target, or with two, whoever writes it.
    await expect(db.documentRelation.create({ data: { accountId: w.account.id, fromId: w.main.id } })).rejects.toThrow();
    await expect(
      db.documentRelation.create({
        data: { accountId: w.account.id, fromId: w.main.id, toDocumentId: w.order.id, toTemplateId: w.template.id },
      }),
    ).rejects.toThrow();
  });

  it("updates the tag and type, removes, and records each change in the audit trail", async () => {
    const w = await workspace();
    const relation = await createDocumentRelation(w.ctx.ana, w.main.id, { toDocumentId: w.order.id, tag: "draft", type: "related" });
    const retagged = await updateDocumentRelation(w.ctx.eva, relation.id, { tag: "signed" });
    expect(retagged).toMatchObject({ id: relation.id, type: "related", tag: "signed" });
    // The declaration reads an empty tag as none.
    expect(await runOperation(updateRelation, w.ctx.eva, { relationId: relation.id, tag: "", type: "amends" })).toMatchObject({
      tag: null,
      type: "amends",
    });
    expect(await deleteDocumentRelation(w.ctx.eva, relation.id)).toBe(relation.id);
    expect(await findDocumentRelations(w.ctx.ana, w.main.id)).toEqual([]);

    const rows = await db.audit.findMany({
      where: { accountId: w.account.id, eventType: { startsWith: "document.relation" } },
      orderBy: { createdAt: "asc" },
    });
    expect(rows.map((r) => [r.eventType, r.targetType, r.targetId])).toEqual([
      ["document.relationAdded", "document", w.main.id],
      ["document.relationUpdated", "document", w.main.id],
      ["document.relationUpdated", "document", w.main.id],
      ["document.relationRemoved", "document", w.main.id],
    ]);
    expect(rows[0].payload).toMatchObject({ relationId: relation.id, type: "related", tag: "draft", toKind: "document", toId: w.order.id });
    expect(rows[0].userId).toBe(w.people.ana.id);
  });

  it("deleting a related document or template removes its relations", async () => {
    const w = await workspace();
    await createDocumentRelation(w.ctx.ana, w.main.id, { toDocumentId: w.order.id, type: "related" });
    await createDocumentRelation(w.ctx.ana, w.main.id, { toTemplateId: w.template.id, type: "related" });
    await db.document.delete({ where: { id: w.order.id } });
    await db.template.delete({ where: { id: w.template.id } });
    expect(await db.documentRelation.count({ where: { fromId: w.main.id } })).toBe(0);
  });

  it("offers visible documents and templates as candidates, never the document itself or hidden ones", async () => {
    const w = await workspace();
    const names = async (q: string, ctx: ServiceContext = w.ctx.ana) => {
      const found = await findRelationCandidates(ctx, w.main.id, { q });
      return { documents: found.documents.map((d) => d.name).sort(), templates: found.templates.map((t) => t.name) };
    };
    expect(await names("")).toEqual({ documents: ["Order form"], templates: ["NDA template"] });
    expect(await names("or")).toEqual({ documents: ["Order form"], templates: [] });
    expect(await names("order")).toEqual({ documents: ["Order form"], templates: [] });
    expect(await names("okapi")).toEqual({ documents: [], templates: [] });
    expect(await names("nda")).toEqual({ documents: [], templates: ["NDA template"] });
    // An administrator sees every document, the side letter included.
    expect((await names("oka", w.ctx.admin)).documents).toEqual(["Okapi side letter"]);
    expect(await codeOf(findRelationCandidates(w.ctx.rita, w.main.id, { q: "" }))).toBe("FORBIDDEN");
  });
});

describe("document comments", () => {
  it("is for commenters: a reader neither sees nor adds comments, someone without access gets not found", async () => {
    const w = await workspace();
    await addDocumentComment(w.ctx.carlos, w.main.id, { body: "Check clause 4", kind: "comment" });
    expect(await codeOf(findDocumentComments(w.ctx.rita, w.main.id))).toBe("FORBIDDEN");
    expect(await codeOf(addDocumentComment(w.ctx.rita, w.main.id, { body: "Hi", kind: "comment" }))).toBe("FORBIDDEN");
    expect(await codeOf(findDocumentComments(w.ctx.olga, w.main.id))).toBe("NOT_FOUND");
    expect(await codeOf(addDocumentComment(w.ctx.olga, w.main.id, { body: "Hi", kind: "comment" }))).toBe("NOT_FOUND");
    const [comment] = await findDocumentComments(w.ctx.carlos, w.main.id);
    expect(await codeOf(updateDocumentComment(w.ctx.olga, comment.id, { body: "x" }))).toBe("NOT_FOUND");
    expect(await codeOf(deleteDocumentComment(w.ctx.rita, comment.id))).toBe("FORBIDDEN");
    // A Guest with commenter comments too.
    expect(await addDocumentComment(w.ctx.gil, w.main.id, { body: "Guest view", kind: "comment" })).toMatchObject({
      author: { name: "Gil User" },
      canEdit: true,
      canResolve: true,
      canDelete: true,
    });
  });

  it("threads replies one level deep, trims and limits the text", async () => {
    const w = await workspace();
    // Through the declaration, which trims and limits the text.
    const comment = (ctx: ServiceContext, input: object) => runOperation(createComment, ctx, { id: w.main.id, ...input });
    const top = await comment(w.ctx.carlos, { body: "  Is the term right?  " });
    expect(top).toMatchObject({
      body: "Is the term right?",
      parentId: null,
      author: { id: w.people.carlos.id, name: "Carlos User" },
      resolvedAt: null,
    });
    const reply = await addDocumentComment(w.ctx.ana, w.main.id, { body: "Yes, 3 years", parentId: top.id, kind: "comment" });
    const replyToReply = await addDocumentComment(w.ctx.carlos, w.main.id, { body: "Thanks", parentId: reply.id, kind: "comment" });
    expect([reply.parentId, replyToReply.parentId]).toEqual([top.id, top.id]);
    const list = await findDocumentComments(w.ctx.eva, w.main.id);
    expect(list.map((c) => [c.body, c.parentId])).toEqual([
      ["Is the term right?", null],
      ["Yes, 3 years", top.id],
      ["Thanks", top.id],
    ]);
    // Eva (editor) resolves threads but edits and deletes only her own.
    expect(list.map((c) => [c.canEdit, c.canResolve, c.canDelete])).toEqual([
      [false, true, false],
      [false, false, false],
      [false, false, false],
    ]);
    expect(await codeOf(comment(w.ctx.carlos, { body: "   " }))).toBe("VALIDATION_FAILED");
    expect(await codeOf(comment(w.ctx.carlos, { body: "x".repeat(5001) }))).toBe("VALIDATION_FAILED");
    expect((await comment(w.ctx.carlos, { body: "x".repeat(5000) })).body).toHaveLength(5000);
    // A parent on another document is not found.
    const elsewhere = await addDocumentComment(w.ctx.ana, w.order.id, { body: "Other document", kind: "comment" });
    expect(await codeOf(addDocumentComment(w.ctx.carlos, w.main.id, { body: "Sneaky", parentId: elsewhere.id, kind: "comment" }))).toBe(
      "NOT_FOUND",
    );
  });

  it("lets the author edit, the author or an editor resolve, the author or an owner delete", async () => {
    const w = await workspace();
    const comment = await addDocumentComment(w.ctx.carlos, w.main.id, { body: "First draft", kind: "comment" });
    const reply = await addDocumentComment(w.ctx.gil, w.main.id, { body: "Agreed", parentId: comment.id, kind: "comment" });

    expect(await updateDocumentComment(w.ctx.carlos, comment.id, { body: "Second draft" })).toMatchObject({ body: "Second draft" });
    expect(await codeOf(updateDocumentComment(w.ctx.ana, comment.id, { body: "Owner rewrite" }))).toBe("FORBIDDEN");
    expect(await codeOf(updateDocumentComment(w.ctx.eva, comment.id, { body: "Editor rewrite" }))).toBe("FORBIDDEN");

    expect(await codeOf(resolveDocumentComment(w.ctx.gil, comment.id))).toBe("FORBIDDEN");
    expect(await codeOf(resolveDocumentComment(w.ctx.gil, reply.id))).toBe("VALIDATION_FAILED");
    const resolved = await resolveDocumentComment(w.ctx.eva, comment.id);
    expect(resolved.resolvedAt).toBeInstanceOf(Date);
    expect((await resolveDocumentComment(w.ctx.carlos, comment.id, { resolved: false })).resolvedAt).toBeNull();
    expect((await resolveDocumentComment(w.ctx.carlos, comment.id)).resolvedAt).toBeInstanceOf(Date);

    expect(await codeOf(deleteDocumentComment(w.ctx.eva, comment.id))).toBe("FORBIDDEN");
    expect(await codeOf(deleteDocumentComment(w.ctx.carlos, reply.id))).toBe("FORBIDDEN");
    expect(await deleteDocumentComment(w.ctx.gil, reply.id)).toBe(reply.id);
    const another = await addDocumentComment(w.ctx.carlos, w.main.id, { body: "Reply to go", parentId: comment.id, kind: "comment" });
    // Ana owns the document: she deletes anyone's comment, and its replies go with it.
    expect(await deleteDocumentComment(w.ctx.ana, comment.id)).toBe(comment.id);
    expect(await db.documentComment.count({ where: { id: { in: [comment.id, another.id] } } })).toBe(0);
  });

  it("audits every change with a short excerpt, never the whole text", async () => {
    const w = await workspace();
    const long = `Please look at ${"the indemnity clause ".repeat(20)}before signing`;
    const comment = await addDocumentComment(w.ctx.carlos, w.main.id, { body: long, kind: "comment" });
    await updateDocumentComment(w.ctx.carlos, comment.id, { body: "Short now" });
    await resolveDocumentComment(w.ctx.eva, comment.id);
    await resolveDocumentComment(w.ctx.eva, comment.id, { resolved: false });
    await deleteDocumentComment(w.ctx.carlos, comment.id);
    const rows = await db.audit.findMany({
      where: { accountId: w.account.id, targetType: "documentComment" },
      orderBy: { createdAt: "asc" },
    });
    expect(rows.map((r) => [r.eventType, r.targetId, r.targetContext])).toEqual([
      ["document.commentAdded", comment.id, w.main.id],
      ["document.commentUpdated", comment.id, w.main.id],
      ["document.commentResolved", comment.id, w.main.id],
      ["document.commentReopened", comment.id, w.main.id],
      ["document.commentDeleted", comment.id, w.main.id],
    ]);
    const excerpt = (rows[0].payload as { excerpt: string }).excerpt;
    expect(excerpt.length).toBeLessThanOrEqual(80);
    expect(long.startsWith(excerpt.slice(0, -1))).toBe(true);
    expect(JSON.stringify(rows.map((r) => r.payload))).not.toContain("before signing");
    expect(rows[1].payload).toMatchObject({ excerpt: "Short now", documentId: w.main.id });
  });

  it("works through GraphQL with the same rules", async () => {
    const w = await workspace();
    const carlos = (await signedInAs(w.people.carlos.id, w.account.id)).accessToken;
    const rita = (await signedInAs(w.people.rita.id, w.account.id)).accessToken;
    const created = await graphql<{ createComment: { id: string; body: string; canEdit: boolean } }>(
      `mutation { createComment(id: "${w.main.id}", body: "Via GraphQL") { id body canEdit author { name } } }`,
      { accessToken: carlos },
    );
    expect(created.data?.createComment).toMatchObject({ body: "Via GraphQL", canEdit: true });
    const id = created.data!.createComment.id;
    const updated = await graphql(`mutation { updateComment(commentId: "${id}", body: "Edited") { body } }`, { accessToken: carlos });
    expect(updated.data).toEqual({ updateComment: { body: "Edited" } });
    const resolved = await graphql<{ resolveComment: { resolvedAt: string | null } }>(
      `mutation { resolveComment(commentId: "${id}") { resolvedAt } }`,
      { accessToken: carlos },
    );
    expect(resolved.data?.resolveComment.resolvedAt).toBeTruthy();
    const hidden = await graphql(`{ comments(id: "${w.main.id}") { id body } }`, { accessToken: rita });
    expect(hidden.errors?.[0].extensions.code).toBe("FORBIDDEN");
    const listed = await graphql<{ comments: { body: string }[] }>(`{ comments(id: "${w.main.id}") { body } }`, {
      accessToken: carlos,
    });
    expect(listed.data?.comments).toEqual([{ body: "Edited" }]);
    expect((await graphql(`mutation { deleteComment(commentId: "${id}") }`, { accessToken: carlos })).data).toEqual({ deleteComment: id });

    const ana = (await signedInAs(w.people.ana.id, w.account.id)).accessToken;
    const relation = await graphql<{ createRelation: { id: string; type: string; tag: string | null } }>(
      `mutation { createRelation(id: "${w.main.id}", toTemplateId: "${w.template.id}", type: basedOn, tag: "v1") { id type tag other { kind name } } }`,
      { accessToken: ana },
    );
    expect(relation.data?.createRelation).toMatchObject({ type: "basedOn", tag: "v1", other: { kind: "template", name: "NDA template" } });
    const relationId = relation.data!.createRelation.id;
    expect(
      (await graphql(`mutation { updateRelation(relationId: "${relationId}", tag: null) { tag } }`, { accessToken: ana })).data,
    ).toEqual({ updateRelation: { tag: null } });
    expect((await graphql(`mutation { deleteRelation(relationId: "${relationId}") }`, { accessToken: ana })).data).toEqual({
      deleteRelation: relationId,
    });
  });
});

describe("comment kinds and visitors over GraphQL", () => {
  type GqlComment = {
    id: string;
    kind: string;
    body: string;
    parentId: string | null;
    author: { name: string } | null;
    visitor: { name: string; email: string | null; linkName: string | null } | null;
  };
  const fields = "id kind body parentId author { name } visitor { name email linkName }";

  it("lets a reviewer write a suggestion and read its kind; a reply takes its thread's kind", async () => {
    const w = await workspace();
    const rex = await addMember(w.account.id, "Member", await createUser({ firstName: "Rex" }));
    await w.grant(w.main.id, rex.id, "reviewer");
    const token = (await signedInAs(rex.id, w.account.id)).accessToken;
    const create = (data: Record<string, unknown>) =>
      graphql<{ createComment: GqlComment }>(
        `mutation ($id: ID!, $body: String!, $parentId: ID, $kind: DocumentCommentKind) { createComment(id: $id, body: $body, parentId: $parentId, kind: $kind) { ${fields} } }`,
        {
          accessToken: token,
          variables: { id: w.main.id, ...data },
        },
      );

    const suggestion = await create({ body: "Say 30 days, not 60", kind: "suggestion" });
    expect(suggestion.errors).toBeUndefined();
    expect(suggestion.data?.createComment).toMatchObject({
      kind: "suggestion",
      body: "Say 30 days, not 60",
      author: { name: "Rex User" },
      visitor: null,
    });
    const id = suggestion.data!.createComment.id;
    // No kind, or null, is a comment; a reply is a suggestion whatever it asks for.
    expect((await create({ body: "Plain" })).data?.createComment.kind).toBe("comment");
    expect((await create({ body: "Plain too", kind: null })).data?.createComment.kind).toBe("comment");
    expect((await create({ body: "Or 45", parentId: id, kind: "comment" })).data?.createComment).toMatchObject({
      kind: "suggestion",
      parentId: id,
    });
    expect((await create({ body: "x", kind: "edit" })).errors?.[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      reason: "VALIDATION_FAILED",
    });

    const listed = await graphql<{ comments: { body: string; kind: string }[] }>(
      `
        query ($id: ID!) {
          comments(id: $id) {
            body
            kind
          }
        }
      `,
      {
        accessToken: token,
        variables: { id: w.main.id },
      },
    );
    expect(listed.data?.comments).toEqual([
      { body: "Say 30 days, not 60", kind: "suggestion" },
      { body: "Plain", kind: "comment" },
      { body: "Plain too", kind: "comment" },
      { body: "Or 45", kind: "suggestion" },
    ]);
    // A commenter does not see suggestions.
    const carlos = (await signedInAs(w.people.carlos.id, w.account.id)).accessToken;
    const forCarlos = await graphql<{ comments: { kind: string }[] }>(`{ comments(id: "${w.main.id}") { kind } }`, {
      accessToken: carlos,
    });
    expect(forCarlos.data?.comments).toEqual([{ kind: "comment" }, { kind: "comment" }]);
  });

  it("refuses a commenter's suggestion with the same error as REST, and writes nothing", async () => {
    const w = await workspace();
    const { accessToken } = await signedInAs(w.people.carlos.id, w.account.id);
    const gql = await graphql(`mutation { createComment(id: "${w.main.id}", body: "Cut clause 9", kind: suggestion) { id } }`, {
      accessToken,
    });
    const response = await documentComments.POST(
      jsonRequest("POST", "/x", {
        body: { body: "Cut clause 9", kind: "suggestion" },
        headers: { authorization: `Bearer ${accessToken}` },
        csrf: false,
      }),
      params({ id: w.main.id }),
    );
    expect(response.status).toBe(403);
    const rest = ((await response.json()) as { error: { code: string; type: string; message: string } }).error;
    expect(rest.code).toBe("FORBIDDEN");
    expect(gql.data).toBeNull();
    expect(gql.errors).toHaveLength(1);
    const { code, type, message } = gql.errors![0].extensions;
    expect({ code, type, message }).toEqual({ code: rest.code, type: rest.type, message: rest.message });
    expect(await db.documentComment.count({ where: { documentId: w.main.id } })).toBe(0);
  });

  it("shows a share-link visitor's comment with its visitor and no author", async () => {
    const w = await workspace();
    const link = await createDocumentLink(w.ctx.ana, w.main.id, { name: "For the supplier", role: "commenter" });
    const visitor = () => anonymousContext({ ip: "10.2.0.1", userAgent: "vitest", locale: "en" });
    const validated = await validateDocumentLink(visitor(), link.id);
    if (validated.status !== "valid") throw new Error(`Expected a valid link, got ${validated.status}`);
    const written = await addLinkComment(visitor(), link.id, validated.accessToken, {
      body: "Clause 3 is unclear",
      kind: "comment",
      authorName: "Sam Supplier",
    });

    const { accessToken } = await signedInAs(w.people.carlos.id, w.account.id);
    const listed = await graphql<{ comments: GqlComment[] }>(`query ($id: ID!) { comments(id: $id) { ${fields} } }`, {
      accessToken,
      variables: { id: w.main.id },
    });
    expect(listed.errors).toBeUndefined();
    expect(listed.data?.comments).toEqual([
      {
        id: written.id,
        kind: "comment",
        body: "Clause 3 is unclear",
        parentId: null,
        author: null,
        visitor: { name: "Sam Supplier", email: null, linkName: "For the supplier" },
      },
    ]);
  });
});

describe("relations and comments over REST", () => {
  let a: { token: string; documentId: string };
  let b: { documentId: string; relationId: string; commentId: string; templateId: string };

  beforeAll(async () => {
    const accountA = await createAccount("RelRestA");
    const accountB = await createAccount("RelRestB");
    const { ctx: ctxA, accessToken } = await signedInAs(accountA.owner.id, accountA.account.id);
    const { ctx: ctxB } = await signedInAs(accountB.owner.id, accountB.account.id);
    const docA = await createDocumentFromUpload(ctxA, { name: "A doc" }, { name: "a.docx", bytes: makeDocx(["A"]) });
    const docB = await createDocumentFromUpload(ctxB, { name: "B secret" }, { name: "b.docx", bytes: makeDocx(["B"]) });
    const otherB = await createDocumentFromUpload(ctxB, { name: "B other" }, { name: "b2.docx", bytes: makeDocx(["B2"]) });
    const templateB = await createTemplate(ctxB, { name: "B template" }, { name: "t.docx", bytes: makeDocx(["[x]"]) });
    const relation = await createDocumentRelation(ctxB, docB.id, { toDocumentId: otherB.id, tag: "B tag", type: "related" });
    const comment = await addDocumentComment(ctxB, docB.id, { body: "B comment", kind: "comment" });
    a = { token: accessToken, documentId: docA.id };
    b = { documentId: docB.id, relationId: relation.id, commentId: comment.id, templateId: templateB.id };
  });

  const req = (method: string, body?: unknown) =>
    jsonRequest(method, "/x", { body, headers: { authorization: `Bearer ${a.token}` }, csrf: false });

  it("answers 404 for another account's documents, relations and comments and changes nothing", async () => {
    const cases: [string, () => Promise<Response>][] = [
      ["GET relations", () => documentRelations.GET(req("GET"), params({ id: b.documentId }))],
      ["POST relations", () => documentRelations.POST(req("POST", { toDocumentId: a.documentId }), params({ id: b.documentId }))],
      [
        "POST relation to B's document",
        () => documentRelations.POST(req("POST", { toDocumentId: b.documentId }), params({ id: a.documentId })),
      ],
      [
        "POST relation to B's template",
        () => documentRelations.POST(req("POST", { toTemplateId: b.templateId }), params({ id: a.documentId })),
      ],
      ["GET relation candidates", () => candidatesRoute.GET(req("GET"), params({ id: b.documentId }))],
      ["PUT relation", () => relationRoute.PUT(req("PUT", { tag: "mine" }), params({ relationId: b.relationId }))],
      ["DELETE relation", () => relationRoute.DELETE(req("DELETE"), params({ relationId: b.relationId }))],
      ["GET comments", () => documentComments.GET(req("GET"), params({ id: b.documentId }))],
      ["POST comments", () => documentComments.POST(req("POST", { body: "Planted" }), params({ id: b.documentId }))],
      [
        "POST reply to B's comment",
        () => documentComments.POST(req("POST", { body: "Planted", parentId: b.commentId }), params({ id: a.documentId })),
      ],
      ["PUT comment", () => commentRoute.PUT(req("PUT", { body: "Mine" }), params({ commentId: b.commentId }))],
      ["DELETE comment", () => commentRoute.DELETE(req("DELETE"), params({ commentId: b.commentId }))],
      ["POST resolve", () => resolveRoute.POST(req("POST"), params({ commentId: b.commentId }))],
    ];
    for (const [name, call] of cases) {
      const response = await call();
      expect(response.status, name).toBe(404);
      expect(await response.text(), name).not.toMatch(/B secret|B other|B template|B comment|B tag/);
    }
    expect(await db.documentRelation.findUniqueOrThrow({ where: { id: b.relationId } })).toMatchObject({ tag: "B tag", type: "related" });
    expect(await db.documentComment.findUniqueOrThrow({ where: { id: b.commentId } })).toMatchObject({
      body: "B comment",
      resolvedAt: null,
    });
    expect(await db.documentComment.count({ where: { body: "Planted", documentId: { in: [a.documentId, b.documentId] } } })).toBe(0);
    expect(await db.documentRelation.count({ where: { OR: [{ fromId: a.documentId }, { toDocumentId: a.documentId }] } })).toBe(0);
  });

  it("serves the caller's own document: create, list, candidates, update, resolve, delete", async () => {
    const created = await documentComments.POST(req("POST", { body: "Mine" }), params({ id: a.documentId }));
    expect(created.status).toBe(201);
    const comment = (await created.json()) as { id: string };
    expect(
      (await (await resolveRoute.POST(req("POST", { resolved: true }), params({ commentId: comment.id }))).json()).resolvedAt,
    ).toBeTruthy();
    expect((await commentRoute.PUT(req("PUT", { body: "Mine, edited" }), params({ commentId: comment.id }))).status).toBe(200);
    expect(await (await documentComments.GET(req("GET"), params({ id: a.documentId }))).json()).toEqual([
      expect.objectContaining({ body: "Mine, edited" }),
    ]);
    expect(await (await commentRoute.DELETE(req("DELETE"), params({ commentId: comment.id }))).json()).toEqual({ id: comment.id });

    const candidates = await candidatesRoute.GET(
      jsonRequest("GET", "/x?q=a", { headers: { authorization: `Bearer ${a.token}` } }),
      params({ id: a.documentId }),
    );
    expect(await candidates.json()).toEqual({ documents: [], templates: [] });
    const invalid = await documentRelations.POST(req("POST", { toDocumentId: a.documentId, extra: 1 }), params({ id: a.documentId }));
    expect(invalid.status).toBe(400);
  });
});

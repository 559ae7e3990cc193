import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import * as policiesBulk from "@/app/vapp/document-policies/bulk-delete/route";
import * as relationsBulk from "@/app/vapp/relations/bulk-delete/route";
import type { DocumentRoleName } from "@/lib/generated/prisma/client";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { removeDocumentPolicies } from "@/lib/documents/remove-document-policies";
import { createDocumentRelation } from "@/lib/documents/create-document-relation";
import { deleteDocumentRelations } from "@/lib/documents/delete-document-relations";
import { upsertDocumentRelation } from "@/lib/documents/update-document-relation";
import { addMember, createAccount, createUser, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest } from "@/tests/factories/http";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * bulkDeletePolicies, bulkDeleteRelations and upsertRelation: the rules of deleting (or saving)
 * one, all or none in one transaction, one audit row per item.
 *
 * Ana (Member) made "Lease" and "Annex"; Eva is editor and Rita reader on "Lease", Bruno and
 * Carla readers, Otto a second owner.
 */
async function workspace() {
  const { account, owner: admin } = await createAccount("Bulk");
  const member = async (firstName: string) => addMember(account.id, "Member", await createUser({ firstName }));
  const people = {
    ana: await member("Ana"),
    eva: await member("Eva"),
    rita: await member("Rita"),
    bruno: await member("Bruno"),
    carla: await member("Carla"),
    otto: await member("Otto"),
  };
  const as = async (user: { id: string }) => (await signedInAs(user.id, account.id)).ctx;
  const ctx = { admin: await as(admin), ana: await as(people.ana), eva: await as(people.eva), rita: await as(people.rita) };
  const lease = await createDocumentFromUpload(ctx.ana, { name: "Lease" }, { name: "l.docx", bytes: makeDocx(["Lease terms"]) });
  const annex = await createDocumentFromUpload(ctx.ana, { name: "Annex" }, { name: "a.docx", bytes: makeDocx(["Annex"]) });
  const grant = (documentId: string, user: { id: string }, role: DocumentRoleName) =>
    db.documentPolicy.create({ data: { accountId: account.id, documentId, userId: user.id, role } });
  const policies = {
    eva: await grant(lease.id, people.eva, "editor"),
    rita: await grant(lease.id, people.rita, "reader"),
    bruno: await grant(lease.id, people.bruno, "reader"),
    carla: await grant(lease.id, people.carla, "reader"),
    evaOnAnnex: await grant(annex.id, people.eva, "editor"),
    ana: await db.documentPolicy.findFirstOrThrow({ where: { documentId: lease.id, userId: people.ana.id } }),
  };
  const { accessToken } = await signedInAs(people.eva.id, account.id);
  return { account, people, ctx, lease, annex, grant, policies, accessToken };
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "OK",
    (error: { code?: string }) => error.code ?? String(error),
  );
const policyIds = (documentId: string) =>
  db.documentPolicy.findMany({ where: { documentId }, select: { id: true }, orderBy: { id: "asc" } }).then((rows) => rows.map((r) => r.id));

describe("bulkDeletePolicies", () => {
  it("removes several people's access at once with one audit row each", async () => {
    const w = await workspace();
    const ids = [w.policies.rita.id, w.policies.bruno.id, w.policies.rita.id];
    expect(await removeDocumentPolicies(w.ctx.eva, ids)).toEqual([w.policies.rita.id, w.policies.bruno.id]);
    expect(await db.documentPolicy.count({ where: { id: { in: ids } } })).toBe(0);
    const audits = await db.audit.findMany({ where: { accountId: w.account.id, eventType: "document.policyRemoved" } });
    expect(audits.map((a) => a.targetId).sort()).toEqual([w.policies.rita.id, w.policies.bruno.id].sort());
    expect(audits.every((a) => a.targetContext === w.lease.id && a.userId === w.people.eva.id)).toBe(true);
  });

  it("is all or none: an unknown id, an owner's policy below owner, a reader removing others", async () => {
    const w = await workspace();
    const before = await policyIds(w.lease.id);
    expect(await codeOf(removeDocumentPolicies(w.ctx.eva, [w.policies.rita.id, "missing"]))).toBe("NOT_FOUND");
    expect(await codeOf(removeDocumentPolicies(w.ctx.eva, [w.policies.rita.id, w.policies.ana.id]))).toBe("FORBIDDEN");
    expect(await codeOf(removeDocumentPolicies(w.ctx.rita, [w.policies.rita.id, w.policies.bruno.id]))).toBe("FORBIDDEN");
    expect(await policyIds(w.lease.id)).toEqual(before);
    expect(await db.audit.count({ where: { accountId: w.account.id, eventType: "document.policyRemoved" } })).toBe(0);
    // Anyone may remove their own, in bulk too.
    expect(await removeDocumentPolicies(w.ctx.rita, [w.policies.rita.id])).toEqual([w.policies.rita.id]);
  });

  it("keeps an owner on each document, counting every policy removed with it", async () => {
    const w = await workspace();
    const otto = await w.grant(w.lease.id, w.people.otto, "owner");
    expect(await codeOf(removeDocumentPolicies(w.ctx.ana, [otto.id, w.policies.ana.id, w.policies.carla.id]))).toBe("LAST_DOCUMENT_OWNER");
    expect(await db.documentPolicy.count({ where: { id: { in: [otto.id, w.policies.ana.id, w.policies.carla.id] } } })).toBe(3);
    expect(await removeDocumentPolicies(w.ctx.ana, [otto.id, w.policies.carla.id])).toEqual([otto.id, w.policies.carla.id]);
    expect(await db.documentPolicy.findMany({ where: { documentId: w.lease.id, role: "owner" }, select: { userId: true } })).toEqual([
      { userId: w.people.ana.id },
    ]);
  });

  it("works over GraphQL and REST", async () => {
    const w = await workspace();
    const result = await graphql<{ bulkDeletePolicies: string[] }>("mutation ($ids: [ID!]!) { bulkDeletePolicies(ids: $ids) }", {
      accessToken: w.accessToken,
      variables: { ids: [w.policies.rita.id] },
    });
    expect(result.data).toEqual({ bulkDeletePolicies: [w.policies.rita.id] });
    const empty = await graphql("mutation { bulkDeletePolicies(ids: []) }", { accessToken: w.accessToken });
    expect(empty.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "VALIDATION_FAILED" });
    const request = (ids: string[]) =>
      jsonRequest("POST", "/vapp/document-policies/bulk-delete", {
        body: { ids },
        headers: { authorization: `Bearer ${w.accessToken}` },
        csrf: false,
      });
    const response = await policiesBulk.POST(request([w.policies.bruno.id, w.policies.carla.id]));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ids: [w.policies.bruno.id, w.policies.carla.id] });
    const refused = await policiesBulk.POST(request([w.policies.ana.id]));
    expect(refused.status).toBe(403);
  });
});

describe("bulkDeleteRelations and upsertRelation", () => {
  it("removes relations of several documents at once, all or none, with one audit row each", async () => {
    const w = await workspace();
    const one = await createDocumentRelation(w.ctx.ana, w.lease.id, { toDocumentId: w.annex.id, type: "annex" });
    const two = await createDocumentRelation(w.ctx.ana, w.annex.id, { toDocumentId: w.lease.id, type: "amends" });
    // Rita only reads "Lease" and does not see "Annex": nothing goes.
    expect(await codeOf(deleteDocumentRelations(w.ctx.rita, [one.id]))).toBe("FORBIDDEN");
    expect(await codeOf(deleteDocumentRelations(w.ctx.rita, [two.id]))).toBe("NOT_FOUND");
    expect(await codeOf(deleteDocumentRelations(w.ctx.eva, [one.id, "missing"]))).toBe("NOT_FOUND");
    expect(await db.documentRelation.count({ where: { accountId: w.account.id } })).toBe(2);

    expect(await deleteDocumentRelations(w.ctx.eva, [one.id, two.id, one.id])).toEqual([one.id, two.id]);
    expect(await db.documentRelation.count({ where: { accountId: w.account.id } })).toBe(0);
    const audits = await db.audit.findMany({ where: { accountId: w.account.id, eventType: "document.relationRemoved" } });
    expect(audits.map((a) => [a.targetId, (a.payload as { relationId: string }).relationId]).sort()).toEqual(
      [
        [w.lease.id, one.id],
        [w.annex.id, two.id],
      ].sort(),
    );
  });

  it("upserts: creates without an id, retags with one, and never moves a relation or reaches another document's", async () => {
    const w = await workspace();
    const created = await upsertDocumentRelation(w.ctx.eva, w.lease.id, { toDocumentId: w.annex.id, tag: "draft" });
    expect(created).toMatchObject({ type: "related", tag: "draft", direction: "outgoing", other: { id: w.annex.id } });
    expect(await upsertDocumentRelation(w.ctx.eva, w.lease.id, { id: created.id, tag: "signed", type: "annex" })).toMatchObject({
      id: created.id,
      tag: "signed",
      type: "annex",
    });
    // Seen from the other end, or naming a new target: refused, and the relation is as it was.
    expect(await codeOf(upsertDocumentRelation(w.ctx.eva, w.annex.id, { id: created.id, tag: "moved" }))).toBe("NOT_FOUND");
    expect(await codeOf(upsertDocumentRelation(w.ctx.eva, w.lease.id, { id: created.id, toDocumentId: w.lease.id }))).toBe(
      "VALIDATION_FAILED",
    );
    expect(await codeOf(upsertDocumentRelation(w.ctx.rita, w.lease.id, { id: created.id, tag: "reader" }))).toBe("FORBIDDEN");
    expect(await db.documentRelation.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({
      fromId: w.lease.id,
      toDocumentId: w.annex.id,
      tag: "signed",
      type: "annex",
    });
  });

  it("works over GraphQL and REST", async () => {
    const w = await workspace();
    const accessToken = w.accessToken;
    const upsert =
      "mutation ($id: ID!, $relationId: ID, $toDocumentId: ID, $tag: String) { upsertRelation(id: $id, relationId: $relationId, toDocumentId: $toDocumentId, tag: $tag) { id tag type other { id } } }";
    const created = await graphql<{ upsertRelation: { id: string } }>(upsert, {
      accessToken,
      variables: { id: w.lease.id, toDocumentId: w.annex.id, tag: "v1" },
    });
    expect(created.data?.upsertRelation).toMatchObject({ tag: "v1", type: "related", other: { id: w.annex.id } });
    const id = created.data!.upsertRelation.id;
    const updated = await graphql(upsert, { accessToken, variables: { id: w.lease.id, relationId: id, tag: "v2" } });
    expect(updated.data?.upsertRelation).toMatchObject({ id, tag: "v2" });
    // createRelation takes no id.
    const withId = await graphql(
      "mutation ($id: ID!, $relationId: ID, $toDocumentId: ID) { createRelation(id: $id, relationId: $relationId, toDocumentId: $toDocumentId) { id } }",
      {
        accessToken,
        variables: { id: w.lease.id, relationId: id, toDocumentId: w.annex.id },
      },
    );
    expect(withId.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "VALIDATION_FAILED" });

    const second = await createDocumentRelation(w.ctx.ana, w.lease.id, { toDocumentId: w.annex.id, type: "annex" });
    const removed = await graphql("mutation ($ids: [ID!]!) { bulkDeleteRelations(ids: $ids) }", { accessToken, variables: { ids: [id] } });
    expect(removed.data).toEqual({ bulkDeleteRelations: [id] });
    const response = await relationsBulk.POST(
      jsonRequest("POST", "/vapp/relations/bulk-delete", {
        body: { ids: [second.id] },
        headers: { authorization: `Bearer ${accessToken}` },
        csrf: false,
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ids: [second.id] });
    const again = await relationsBulk.POST(
      jsonRequest("POST", "/vapp/relations/bulk-delete", {
        body: { ids: [second.id] },
        headers: { authorization: `Bearer ${accessToken}` },
        csrf: false,
      }),
    );
    expect(again.status).toBe(404);
  });
});

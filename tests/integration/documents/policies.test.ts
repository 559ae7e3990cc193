import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import * as owner from "@/app/vapp/documents/[id]/owner/route";
import * as policiesRoute from "@/app/vapp/documents/[id]/policies/route";
import * as requestRoute from "@/app/vapp/documents/[id]/policies/request/route";
import * as policyRoute from "@/app/vapp/document-policies/[policyId]/route";
import * as answerRoute from "@/app/vapp/document-policies/[policyId]/answer/route";
import { updateAccount } from "@/lib/accounts/update-account";
import type { ServiceContext } from "@/lib/auth/context";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { findDocuments } from "@/lib/documents/find-documents";
import { answerAccessRequest, registerAccessDocumentPolicy } from "@/lib/documents/access-requests";
import { removeDocumentPolicy } from "@/lib/documents/remove-document-policies";
import {
  DOCUMENT_ROLE_PERMISSIONS,
  findDocumentPolicies,
  lastActiveDocumentPolicies,
  touchDocumentAccess,
  transferDocumentOwnership,
  upsertDocumentPolicy,
} from "@/lib/documents/policies";
import { getDocument } from "@/lib/documents/get-document";
import { upsertPolicy } from "@/lib/documents/policy-operations";
import { runOperation } from "@/lib/operations/operation";
import { addMember, createAccount, createUser, latestEmail, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest, params } from "@/tests/factories/http";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * A workspace whose document was made by a Member (its owner), with an Administrator (acts as
 * owner everywhere), two more Members and a Guest.
 */
async function workspace() {
  const { account, owner: admin } = await createAccount("Policies");
  const member = async (role: "Member" | "Guest", firstName: string, language = "en") => {
    const user = await createUser({ firstName, language });
    await addMember(account.id, role, user);
    return user;
  };
  const author = await member("Member", "Ana");
  const colleague = await member("Member", "Bruno", "es");
  const other = await member("Member", "Carla");
  const guest = await member("Guest", "Gil");
  const as = async (user: { id: string }) => (await signedInAs(user.id, account.id)).ctx;
  const ctx = {
    admin: await as(admin),
    author: await as(author),
    colleague: await as(colleague),
    other: await as(other),
    guest: await as(guest),
  };
  const document = await createDocumentFromUpload(
    ctx.author,
    { name: "Supply agreement" },
    { name: "s.docx", bytes: makeDocx(["Supply terms"]) },
  );
  return { account, admin, author, colleague, other, guest, ctx, document };
}

const policyOf = (documentId: string, userId: string) =>
  db.documentPolicy.findUniqueOrThrow({ where: { documentId_userId: { documentId, userId } } });
const audits = (accountId: string) =>
  db.audit.findMany({ where: { accountId, targetType: "documentPolicy" }, orderBy: { createdAt: "asc" } });
const visibleIds = async (ctx: ServiceContext) => (await findDocuments(ctx)).items.map((d) => d.id);
const outboxCount = (to: string) => db.outboxEmail.count({ where: { to } });

describe("document policies: granting, changing, removing", () => {
  it("grants, changes and removes a colleague's role with audit rows and a localized email", async () => {
    const w = await workspace();
    const granted = await upsertDocumentPolicy(w.ctx.author, w.document.id, {
      userId: w.colleague.id,
      role: "editor",
      note: "Legal review",
    });
    expect(granted).toMatchObject({
      role: "editor",
      status: "active",
      note: "Legal review",
      inAccount: true,
      user: { id: w.colleague.id, name: "Bruno User", email: w.colleague.email },
    });
    const mail = await latestEmail(w.colleague.email);
    expect(mail).toMatchObject({ template: "documentAccess.granted", locale: "es" });
    expect(mail!.subject).toBe("Ana User ha compartido «Supply agreement» contigo");
    expect(mail!.text).toContain("como Editor");
    expect(mail!.text).toContain(`http://localhost:3000/d/${w.document.id}/view`);

    const changed = await upsertDocumentPolicy(w.ctx.author, w.document.id, { userId: w.colleague.id, role: "reviewer" });
    expect(changed).toMatchObject({ id: granted.id, role: "reviewer", note: "Legal review" });
    expect((await latestEmail(w.colleague.email))!.template).toBe("documentAccess.roleChanged");
    // Only the note changes: no email.
    const before = await outboxCount(w.colleague.email);
    await upsertDocumentPolicy(w.ctx.author, w.document.id, { userId: w.colleague.id, role: "reviewer", note: null, important: true });
    expect(await outboxCount(w.colleague.email)).toBe(before);

    const listed = await findDocumentPolicies(w.ctx.colleague, w.document.id);
    expect(listed.map((p) => [p.user.id, p.role])).toEqual([
      [w.author.id, "owner"],
      [w.colleague.id, "reviewer"],
    ]);

    expect(await removeDocumentPolicy(w.ctx.author, granted.id)).toBe(granted.id);
    await expect(getDocument(w.ctx.colleague, w.document.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    const rows = await audits(w.account.id);
    expect(rows.map((a) => [a.eventType, a.payload])).toEqual([
      ["document.policyGranted", { userId: w.colleague.id, role: "editor" }],
      ["document.policyUpdated", { userId: w.colleague.id, role: "reviewer" }],
      ["document.policyUpdated", { userId: w.colleague.id, role: "reviewer" }],
      ["document.policyRemoved", { userId: w.colleague.id, role: "reviewer", status: "active" }],
    ]);
    expect(rows[0]).toMatchObject({ userId: w.author.id, toUserId: w.colleague.id, targetId: granted.id, targetContext: w.document.id });
  });

  it("keeps editors below owner, guests at commenter, and lesser roles out", async () => {
    const w = await workspace();
    await upsertDocumentPolicy(w.ctx.author, w.document.id, { userId: w.colleague.id, role: "editor" });
    const editor = w.ctx.colleague;
    await expect(upsertDocumentPolicy(editor, w.document.id, { userId: w.other.id, role: "owner" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(upsertDocumentPolicy(editor, w.document.id, { userId: w.author.id, role: "reader" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const authorPolicy = await policyOf(w.document.id, w.author.id);
    await expect(removeDocumentPolicy(editor, authorPolicy.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(authorPolicy.role).toBe("owner");
    expect(await upsertDocumentPolicy(editor, w.document.id, { userId: w.other.id, role: "editor" })).toMatchObject({ role: "editor" });

    await expect(upsertDocumentPolicy(w.ctx.author, w.document.id, { userId: w.guest.id, role: "editor" })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      details: { fields: [{ path: "role", code: "guest_role" }] },
    });
    const guestPolicy = await upsertDocumentPolicy(w.ctx.author, w.document.id, { userId: w.guest.id, role: "commenter" });
    expect(guestPolicy.role).toBe("commenter");
    // A commenter (and so a Guest) cannot share.
    await expect(upsertDocumentPolicy(w.ctx.guest, w.document.id, { userId: w.other.id, role: "reader" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(removeDocumentPolicy(w.ctx.guest, (await policyOf(w.document.id, w.other.id)).id)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    // Someone who cannot see the document does not learn about its policies.
    const outsider = await signedInAs((await addMember(w.account.id, "Member")).id, w.account.id);
    await expect(findDocumentPolicies(outsider.ctx, w.document.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(removeDocumentPolicy(outsider.ctx, guestPolicy.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      runOperation(upsertPolicy, w.ctx.author, { id: w.document.id, userId: w.other.id, role: "superuser" }),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
  });

  it("keeps at least one owner, and lets the owner role move only through owners", async () => {
    const w = await workspace();
    const authorPolicy = await policyOf(w.document.id, w.author.id);
    await expect(removeDocumentPolicy(w.ctx.author, authorPolicy.id)).rejects.toMatchObject({ code: "LAST_DOCUMENT_OWNER", status: 409 });
    await expect(upsertDocumentPolicy(w.ctx.author, w.document.id, { userId: w.author.id, role: "editor" })).rejects.toMatchObject({
      code: "LAST_DOCUMENT_OWNER",
    });
    // The administrator acts as owner but holds no policy: the document still needs a real owner.
    await expect(removeDocumentPolicy(w.ctx.admin, authorPolicy.id)).rejects.toMatchObject({ code: "LAST_DOCUMENT_OWNER" });

    await upsertDocumentPolicy(w.ctx.author, w.document.id, { userId: w.colleague.id, role: "owner" });
    // An owner who has left the workspace does not count.
    await db.accountPolicy.update({
      where: { accountId_userId: { accountId: w.account.id, userId: w.colleague.id } },
      data: { status: "disabled" },
    });
    await expect(removeDocumentPolicy(w.ctx.author, authorPolicy.id)).rejects.toMatchObject({ code: "LAST_DOCUMENT_OWNER" });
    await db.accountPolicy.update({
      where: { accountId_userId: { accountId: w.account.id, userId: w.colleague.id } },
      data: { status: "active" },
    });
    // Anyone may leave a document (their own policy), as long as an owner remains.
    await removeDocumentPolicy(w.ctx.author, authorPolicy.id);
    expect((await findDocumentPolicies(w.ctx.colleague, w.document.id)).map((p) => p.user.id)).toEqual([w.colleague.id]);
  });

  it("transfers ownership in one step: the new owner is emailed, the previous one becomes editor", async () => {
    const w = await workspace();
    await upsertDocumentPolicy(w.ctx.author, w.document.id, { userId: w.colleague.id, role: "editor" });
    await expect(transferDocumentOwnership(w.ctx.colleague, w.document.id, w.colleague.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(transferDocumentOwnership(w.ctx.author, w.document.id, w.guest.id)).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      details: { fields: [{ code: "cannot_manage_documents" }] },
    });
    await expect(transferDocumentOwnership(w.ctx.author, w.document.id, w.author.id)).rejects.toMatchObject({ code: "VALIDATION_FAILED" });

    const result = await transferDocumentOwnership(w.ctx.author, w.document.id, w.colleague.id);
    expect(result).toMatchObject({ userId: w.colleague.id, role: "owner", status: "active" });
    expect((await policyOf(w.document.id, w.author.id)).role).toBe("editor");
    expect((await getDocument(w.ctx.author, w.document.id)).role).toBe("editor");
    expect((await latestEmail(w.colleague.email))!.template).toBe("documentAccess.ownership");
    const transfer = (await audits(w.account.id)).find((a) => a.eventType === "document.ownershipTransferred");
    expect(transfer?.payload).toEqual({ userId: w.colleague.id, role: "owner", previousOwnerId: w.author.id, previousOwnerRole: "editor" });
    // The former owner is now an editor: they cannot hand it over again.
    await expect(transferDocumentOwnership(w.ctx.author, w.document.id, w.other.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("document policies: access requests", () => {
  it("a Member who cannot see a document asks, the owner accepts, and the member then sees it", async () => {
    const w = await workspace();
    await upsertDocumentPolicy(w.ctx.author, w.document.id, { userId: w.colleague.id, role: "editor" });
    await expect(getDocument(w.ctx.other, w.document.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await visibleIds(w.ctx.other)).not.toContain(w.document.id);

    const request = await registerAccessDocumentPolicy(w.ctx.other, w.document.id);
    expect(request).toMatchObject({ status: "requested", role: "reader", userId: w.other.id });
    await expect(getDocument(w.ctx.other, w.document.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    const ownerMail = await latestEmail(w.author.email);
    expect(ownerMail).toMatchObject({ template: "documentAccess.requested", subject: "Carla User asks for access to “Supply agreement”" });
    expect(ownerMail!.text).toContain(w.other.email);
    // Asking again while the request is open sends nothing new.
    const mails = await outboxCount(w.author.email);
    expect((await registerAccessDocumentPolicy(w.ctx.other, w.document.id)).id).toBe(request.id);
    expect(await outboxCount(w.author.email)).toBe(mails);

    // Owners see the request; editors do not, and cannot answer it.
    expect((await findDocumentPolicies(w.ctx.author, w.document.id)).find((p) => p.id === request.id)?.status).toBe("requested");
    expect((await findDocumentPolicies(w.ctx.colleague, w.document.id)).some((p) => p.id === request.id)).toBe(false);
    await expect(answerAccessRequest(w.ctx.colleague, request.id, { accept: true })).rejects.toMatchObject({ code: "FORBIDDEN" });

    const accepted = await answerAccessRequest(w.ctx.author, request.id, { accept: true, role: "commenter" });
    expect(accepted).toMatchObject({ status: "active", role: "commenter" });
    expect(await visibleIds(w.ctx.other)).toContain(w.document.id);
    expect(await getDocument(w.ctx.other, w.document.id)).toMatchObject({ id: w.document.id, role: "commenter" });
    expect((await latestEmail(w.other.email))!.template).toBe("documentAccess.accepted");
    await expect(answerAccessRequest(w.ctx.author, request.id, { accept: false })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(registerAccessDocumentPolicy(w.ctx.other, w.document.id)).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await audits(w.account.id)).map((a) => a.eventType).slice(1)).toEqual(["document.accessRequested", "document.accessAccepted"]);
  });

  it("refuses a request: no access, an email that does not name the document, and the member may ask again", async () => {
    const w = await workspace();
    const request = await registerAccessDocumentPolicy(w.ctx.guest, w.document.id);
    await expect(answerAccessRequest(w.ctx.author, request.id, { accept: true, role: "editor" })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });
    const refused = await answerAccessRequest(w.ctx.author, request.id, { accept: false });
    expect(refused.status).toBe("refused");
    await expect(getDocument(w.ctx.guest, w.document.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await visibleIds(w.ctx.guest)).not.toContain(w.document.id);
    const mail = await latestEmail(w.guest.email);
    expect(mail!.template).toBe("documentAccess.refused");
    expect(`${mail!.subject} ${mail!.text}`).not.toContain("Supply agreement");
    // Refused requests are not in the owners' list; a new request re-opens the same row.
    expect((await findDocumentPolicies(w.ctx.author, w.document.id)).some((p) => p.id === request.id)).toBe(false);
    expect(await registerAccessDocumentPolicy(w.ctx.guest, w.document.id)).toMatchObject({ id: request.id, status: "requested" });
    // The requester may withdraw their own request.
    await removeDocumentPolicy(w.ctx.guest, request.id);
    expect(await db.documentPolicy.count({ where: { id: request.id } })).toBe(0);
  });

  it("with autoApproveDocPolicy the access is active at once, and owners get no request", async () => {
    const w = await workspace();
    await updateAccount(w.ctx.admin, { settings: { autoApproveDocPolicy: true } });
    const mails = await outboxCount(w.author.email);
    const policy = await registerAccessDocumentPolicy(w.ctx.other, w.document.id);
    expect(policy).toMatchObject({ status: "active", role: "reader" });
    expect(await getDocument(w.ctx.other, w.document.id)).toMatchObject({ role: "reader" });
    expect(await outboxCount(w.author.email)).toBe(mails);
    expect((await audits(w.account.id)).map((a) => [a.eventType, a.payload])).toEqual([
      ["document.accessRequested", { userId: w.other.id, role: "reader", status: "active" }],
      ["document.policyGranted", { userId: w.other.id, role: "reader", autoApproved: true }],
    ]);
  });

  it("sends the request to the administrators when the document has no owner left in the workspace", async () => {
    const w = await workspace();
    await db.accountPolicy.update({
      where: { accountId_userId: { accountId: w.account.id, userId: w.author.id } },
      data: { status: "disabled" },
    });
    await registerAccessDocumentPolicy(w.ctx.other, w.document.id);
    expect((await latestEmail(w.admin.email))?.template).toBe("documentAccess.requested");
  });
});

describe("document policies: across accounts", () => {
  it("a user of another account can neither request access nor be granted, and reads nothing", async () => {
    const w = await workspace();
    const b = await createAccount("Elsewhere");
    const { ctx: ctxB } = await signedInAs(b.owner.id, b.account.id);
    await expect(upsertDocumentPolicy(w.ctx.author, w.document.id, { userId: b.owner.id, role: "reader" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(transferDocumentOwnership(w.ctx.author, w.document.id, b.owner.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(registerAccessDocumentPolicy(ctxB, w.document.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(findDocumentPolicies(ctxB, w.document.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(lastActiveDocumentPolicies(ctxB, w.document.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(upsertDocumentPolicy(ctxB, w.document.id, { userId: b.owner.id, role: "owner" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(transferDocumentOwnership(ctxB, w.document.id, b.owner.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    const authorPolicy = await policyOf(w.document.id, w.author.id);
    await expect(removeDocumentPolicy(ctxB, authorPolicy.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    const request = await registerAccessDocumentPolicy(w.ctx.other, w.document.id);
    await expect(answerAccessRequest(ctxB, request.id, { accept: true, role: "owner" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await touchDocumentAccess(ctxB, w.document.id)).toBe(false);
    // A member removed from the workspace cannot be granted either.
    await db.accountPolicy.update({
      where: { accountId_userId: { accountId: w.account.id, userId: w.colleague.id } },
      data: { status: "disabled" },
    });
    await expect(upsertDocumentPolicy(w.ctx.author, w.document.id, { userId: w.colleague.id, role: "reader" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(
      await db.documentPolicy.findMany({
        where: { documentId: w.document.id },
        select: { userId: true, status: true },
        orderBy: { createdAt: "asc" },
      }),
    ).toEqual([
      { userId: w.author.id, status: "active" },
      { userId: w.other.id, status: "requested" },
    ]);
  });
});

describe("document policies: last access", () => {
  it("touches at most every 5 minutes and lists the 5 most recently active", async () => {
    const w = await workspace();
    await upsertDocumentPolicy(w.ctx.author, w.document.id, { userId: w.colleague.id, role: "reader" });
    expect(await touchDocumentAccess(w.ctx.colleague, w.document.id)).toBe(true);
    expect(await touchDocumentAccess(w.ctx.colleague, w.document.id)).toBe(false);
    await db.documentPolicy.updateMany({
      where: { documentId: w.document.id, userId: w.colleague.id },
      data: { accessedAt: new Date(Date.now() - 6 * 60_000) },
    });
    expect(await touchDocumentAccess(w.ctx.colleague, w.document.id)).toBe(true);
    // Without a policy (the administrator) nothing is written.
    expect(await touchDocumentAccess(w.ctx.admin, w.document.id)).toBe(false);

    const readers = [];
    for (let i = 0; i < 5; i++) readers.push(await addMember(w.account.id, "Member"));
    for (const [i, reader] of readers.entries()) {
      await upsertDocumentPolicy(w.ctx.author, w.document.id, { userId: reader.id, role: "reader" });
      await db.documentPolicy.updateMany({
        where: { documentId: w.document.id, userId: reader.id },
        data: { accessedAt: new Date(Date.now() - (i + 1) * 60_000) },
      });
    }
    const last = await lastActiveDocumentPolicies(w.ctx.colleague, w.document.id);
    expect(last.map((p) => p.userId)).toEqual([w.colleague.id, ...readers.slice(0, 4).map((r) => r.id)]);
  });
});

describe("document policies over REST and GraphQL", () => {
  const bearer = (token: string, language = "en") => ({ authorization: `Bearer ${token}`, "x-language": language });

  it("serves every route through the services", async () => {
    const w = await workspace();
    const author = await signedInAs(w.author.id, w.account.id);
    const other = await signedInAs(w.other.id, w.account.id);
    const doc = params({ id: w.document.id });

    const granted = await policiesRoute.POST(
      jsonRequest("POST", `/vapp/documents/${w.document.id}/policies`, {
        body: { userId: w.colleague.id, role: "editor" },
        headers: bearer(author.accessToken),
        csrf: false,
      }),
      doc,
    );
    expect(granted.status).toBe(200);
    expect(await granted.json()).toMatchObject({ role: "editor", user: { email: w.colleague.email } });
    const unknownField = await policiesRoute.POST(
      jsonRequest("POST", `/vapp/documents/${w.document.id}/policies`, {
        body: { userId: w.colleague.id, role: "editor", status: "active" },
        headers: bearer(author.accessToken),
        csrf: false,
      }),
      doc,
    );
    expect(unknownField.status).toBe(400);

    const requested = await requestRoute.POST(
      jsonRequest("POST", `/vapp/documents/${w.document.id}/policies/request`, { headers: bearer(other.accessToken), csrf: false }),
      doc,
    );
    expect(requested.status).toBe(200);
    const request = (await requested.json()) as { id: string; status: string };
    expect(request.status).toBe("requested");

    const list = await policiesRoute.GET(
      jsonRequest("GET", `/vapp/documents/${w.document.id}/policies`, { headers: bearer(author.accessToken) }),
      doc,
    );
    expect(((await list.json()) as { status: string }[]).map((p) => p.status)).toEqual(["active", "active", "requested"]);

    const answered = await answerRoute.POST(
      jsonRequest("POST", `/vapp/document-policies/${request.id}/answer`, {
        body: { accept: true },
        headers: bearer(author.accessToken),
        csrf: false,
      }),
      params({ policyId: request.id }),
    );
    expect(await answered.json()).toMatchObject({ status: "active", role: "reader" });

    const authorPolicy = await policyOf(w.document.id, w.author.id);
    const last = await policyRoute.DELETE(
      jsonRequest("DELETE", `/vapp/document-policies/${authorPolicy.id}`, { headers: bearer(author.accessToken, "es"), csrf: false }),
      params({ policyId: authorPolicy.id }),
    );
    expect(last.status).toBe(409);
    expect(await last.json()).toEqual({
      error: {
        code: "LAST_DOCUMENT_OWNER",
        type: "conflict",
        message: "Un documento necesita al menos un propietario. Primero haz propietaria a otra persona.",
      },
    });

    const transferred = await owner.POST(
      jsonRequest("POST", `/vapp/documents/${w.document.id}/owner`, {
        body: { userId: w.colleague.id },
        headers: bearer(author.accessToken),
        csrf: false,
      }),
      doc,
    );
    expect(await transferred.json()).toMatchObject({ userId: w.colleague.id, role: "owner" });

    const removed = await policyRoute.DELETE(
      jsonRequest("DELETE", `/vapp/document-policies/${request.id}`, { headers: bearer(author.accessToken), csrf: false }),
      params({ policyId: request.id }),
    );
    expect(await removed.json()).toEqual({ id: request.id });

    const lastActive = await policiesRoute.GET(
      jsonRequest("GET", `/vapp/documents/${w.document.id}/policies?lastActive=true`, { headers: bearer(author.accessToken) }),
      doc,
    );
    expect(await lastActive.json()).toEqual([]);
  });

  it("answers the GraphQL operations", async () => {
    const w = await workspace();
    const { accessToken } = await signedInAs(w.author.id, w.account.id);
    const roles = await graphql<{ documentRoles: { id: string; name: string; global: boolean; permissions: string[] }[] }>(
      "{ documentRoles { id name label global permissions } }",
      { accessToken },
    );
    expect(roles.data?.documentRoles.map((r) => r.id)).toEqual(["reader", "commenter", "reviewer", "editor", "owner"]);
    expect(roles.data?.documentRoles[4].permissions).toEqual([...DOCUMENT_ROLE_PERMISSIONS.owner]);
    expect(DOCUMENT_ROLE_PERMISSIONS.owner).toEqual(
      expect.arrayContaining([...DOCUMENT_ROLE_PERMISSIONS.editor, "ChangeOwner", "DeleteDocument"]),
    );

    const upserted = await graphql<{ upsertPolicy: { id: string; role: string; user: { email: string } } }>(
      `
        mutation ($documentId: ID!, $userId: ID!) {
          upsertPolicy(id: $documentId, data: { userId: $userId, role: commenter, note: null }) {
            id
            role
            user {
              email
            }
          }
        }
      `,
      { accessToken, variables: { documentId: w.document.id, userId: w.colleague.id } },
    );
    expect(upserted.data?.upsertPolicy).toMatchObject({ role: "commenter", user: { email: w.colleague.email } });
    const list = await graphql<{ policies: { role: string; status: string; inAccount: boolean }[] }>(
      `{ policies(id: "${w.document.id}") { role status inAccount accessedAt createdAt metadata } }`,
      { accessToken },
    );
    expect(list.data?.policies).toEqual([
      expect.objectContaining({ role: "owner", inAccount: true }),
      expect.objectContaining({ role: "commenter", status: "active" }),
    ]);

    const other = await signedInAs(w.other.id, w.account.id);
    const requested = await graphql<{ registerAccessDocumentPolicy: { id: string; status: string } }>(
      `mutation { registerAccessDocumentPolicy(id: "${w.document.id}") { id status } }`,
      { accessToken: other.accessToken },
    );
    const requestId = requested.data!.registerAccessDocumentPolicy.id;
    const answered = await graphql<{ answerAccessRequest: { status: string; role: string } }>(
      `mutation { answerAccessRequest(policyId: "${requestId}", accept: true, role: reviewer) { status role } }`,
      { accessToken },
    );
    expect(answered.data?.answerAccessRequest).toEqual({ status: "active", role: "reviewer" });
    const transferred = await graphql<{ transferDocumentOwnership: { role: string } }>(
      `mutation { transferDocumentOwnership(id: "${w.document.id}", userId: "${w.other.id}") { role } }`,
      { accessToken },
    );
    expect(transferred.data?.transferDocumentOwnership).toEqual({ role: "owner" });
    const deleted = await graphql<{ deletePolicy: string }>(`mutation { deletePolicy(policyId: "${upserted.data!.upsertPolicy.id}") }`, {
      accessToken,
    });
    expect(deleted.data?.deletePolicy).toBe(upserted.data!.upsertPolicy.id);
    const lastOwner = await graphql(`mutation { deletePolicy(policyId: "${requestId}") }`, { accessToken: other.accessToken });
    expect(lastOwner.errors?.[0].extensions).toMatchObject({ code: "LAST_DOCUMENT_OWNER", type: "conflict" });
  });
});

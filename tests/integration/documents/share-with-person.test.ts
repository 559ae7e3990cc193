import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import * as shareRoute from "@/app/vapp/documents/[id]/share/route";
import { updateAccount } from "@/lib/accounts/update-account";
import { anonymousContext } from "@/lib/auth/context";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { upsertDocumentPolicy } from "@/lib/documents/policies";
import { shareDocumentWithPerson } from "@/lib/documents/policy-operations";
import { findPersonalLinks, PERSONAL_LINK_DAYS, shareWithPerson } from "@/lib/documents/share-with-person";
import { createDocumentLink, deleteDocumentLink } from "@/lib/links/document-links";
import { linkRef } from "@/lib/links/link-access";
import { runOperation } from "@/lib/operations/operation";
import { validateDocumentLink } from "@/lib/links/validate-document-link";
import { addMember, createAccount, createUser, latestEmail, signedInAs, uniqueEmail } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest, params } from "@/tests/factories/http";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * The account setting documentShareExternalAccountMembers (docs/permissions.md, "People outside
 * the workspace"): sharing by address gives members a policy, and others a personal link only
 * while the setting is on.
 */
async function workspace(externalSharing: boolean) {
  const { account, owner: admin } = await createAccount("Sharing");
  const adminCtx = (await signedInAs(admin.id, account.id)).ctx;
  await updateAccount(adminCtx, { settings: { documentShareExternalAccountMembers: externalSharing } });
  const member = async (firstName: string, language = "en") => {
    const user = await createUser({ firstName, language });
    await addMember(account.id, "Member", user);
    return user;
  };
  const author = await member("Ana");
  const colleague = await member("Bruno", "es");
  const reader = await member("Rui");
  const session = await signedInAs(author.id, account.id);
  const ctx = session.ctx;
  const document = await createDocumentFromUpload(ctx, { name: "Supply agreement" }, { name: "s.docx", bytes: makeDocx(["Supply terms"]) });
  await upsertDocumentPolicy(ctx, document.id, { userId: reader.id, role: "reader" });
  return { account, admin, adminCtx, author, colleague, reader, ctx, accessToken: session.accessToken, document };
}

const linksOf = (documentId: string) => db.documentLink.findMany({ where: { documentId } });
const sharedAudits = (accountId: string) =>
  db.audit.findMany({ where: { accountId, eventType: "document.sharedWithPerson" }, orderBy: { createdAt: "asc" } });
const visitor = () => anonymousContext({ ip: null, userAgent: "vitest", locale: "en" });

describe("sharing a document with a person outside the workspace", () => {
  it("with the setting off: refuses naming the setting, and stores and sends nothing", async () => {
    const w = await workspace(false);
    const outsider = uniqueEmail("outsider");
    await expect(shareWithPerson(w.ctx, w.document.id, { email: outsider, role: "reader" })).rejects.toMatchObject({
      code: "FORBIDDEN",
      details: { reason: "externalSharingOff", setting: "documentShareExternalAccountMembers" },
    });
    // A user of another workspace is outside this one too.
    const foreign = await createUser();
    await expect(shareWithPerson(w.ctx, w.document.id, { email: foreign.email, role: "reader" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await linksOf(w.document.id)).toEqual([]);
    expect(await db.outboxEmail.count({ where: { to: { in: [outsider, foreign.email] } } })).toBe(0);
    expect(await sharedAudits(w.account.id)).toEqual([]);
    expect(await db.audit.count({ where: { accountId: w.account.id, eventType: "link.created" } })).toBe(0);

    const response = await shareRoute.POST(
      jsonRequest("POST", `/vapp/documents/${w.document.id}/share`, {
        body: { email: outsider, role: "reader" },
        headers: { authorization: `Bearer ${w.accessToken}`, "x-language": "es" },
        csrf: false,
      }),
      params({ id: w.document.id }),
    );
    expect(response.status).toBe(403);
    expect((await response.json()).error).toMatchObject({ code: "FORBIDDEN", details: { reason: "externalSharingOff" } });
    expect(await linksOf(w.document.id)).toEqual([]);
  });

  it("with the setting on: a personal secure link for exactly that address, emailed and audited", async () => {
    const w = await workspace(true);
    const outsider = uniqueEmail("Client").toUpperCase();
    const address = outsider.toLowerCase();
    const before = Date.now();
    // Through the declaration, which reads the address in any case.
    const result = await runOperation(shareDocumentWithPerson, w.ctx, { id: w.document.id, email: outsider, role: "commenter" });
    expect(result).toMatchObject({
      kind: "link",
      capped: false,
      renewed: false,
      link: { email: address, role: "commenter", isExpired: false },
    });
    if (result.kind !== "link") throw new Error("expected a link");

    const [link] = await linksOf(w.document.id);
    expect(link).toMatchObject({
      id: result.link.id,
      accountId: w.account.id,
      isSecure: true,
      allowList: [address],
      denyList: [],
      role: "commenter",
      createdById: w.author.id,
    });
    const days = (link.expiredAt!.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(PERSONAL_LINK_DAYS - 0.01);
    expect(days).toBeLessThan(PERSONAL_LINK_DAYS + 0.01);

    const mail = await latestEmail(address);
    expect(mail).toMatchObject({ template: "documentShared", locale: "en" });
    expect(mail!.subject).toBe("Ana User shared “Supply agreement” with you");
    expect(mail!.text).toContain(`http://localhost:3000/s/${link.id}`);
    expect(mail!.text).toContain("as Commenter");
    expect(mail!.text).toContain(address);
    expect(mail!.html).toContain(`/s/${link.id}`);

    const [audit] = await sharedAudits(w.account.id);
    expect(audit).toMatchObject({
      userId: w.author.id,
      targetType: "documentLink",
      targetId: linkRef(link.id),
      targetContext: w.document.id,
      payload: { email: address, role: "commenter", renewed: false },
    });
    // The audit never holds the link's id, the secret in its URL.
    expect(JSON.stringify(audit)).not.toContain(link.id);
    expect(await db.audit.count({ where: { accountId: w.account.id, eventType: "link.created" } })).toBe(1);

    // Only that address opens it.
    expect(await validateDocumentLink(visitor(), link.id)).toEqual({ status: "emailRequired" });
    await expect(validateDocumentLink(visitor(), link.id, { email: uniqueEmail("someone-else") })).rejects.toMatchObject({
      code: "LINK_EXPIRED",
      details: { reason: "address" },
    });
    expect(await validateDocumentLink(visitor(), link.id, { email: address })).toMatchObject({ status: "codeSent" });

    expect(await findPersonalLinks(w.ctx, w.document.id)).toEqual([
      expect.objectContaining({ id: link.id, email: address, role: "commenter" }),
    ]);
    // A link made in the links panel for several people, or for a domain, is not a person's.
    await createDocumentLink(w.ctx, w.document.id, { name: "Team", isSecure: true, allowList: [uniqueEmail("a"), uniqueEmail("b")] });
    await createDocumentLink(w.ctx, w.document.id, { name: "Domain", isSecure: true, allowList: ["acme.com"] });
    expect((await findPersonalLinks(w.adminCtx, w.document.id)).map((l) => l.id)).toEqual([link.id]);
  });

  it("caps the role at reviewer, renews the same link when shared again, and writes to the person in their language", async () => {
    const w = await workspace(true);
    const foreign = await createUser({ language: "pt-br" });
    const first = await shareWithPerson(w.ctx, w.document.id, { email: foreign.email, role: "editor" });
    expect(first).toMatchObject({ kind: "link", capped: true, link: { role: "reviewer" } });
    const mail = await latestEmail(foreign.email);
    expect(mail).toMatchObject({ locale: "pt-br" });
    expect(mail!.text).toContain("como Revisor");

    await db.documentLink.updateMany({ where: { documentId: w.document.id }, data: { expiredAt: new Date(Date.now() - 1000) } });
    const again = await shareWithPerson(w.ctx, w.document.id, { email: foreign.email, role: "reader" });
    expect(again).toMatchObject({ kind: "link", renewed: true, capped: false, link: { role: "reader", isExpired: false } });
    if (first.kind !== "link" || again.kind !== "link") throw new Error("expected links");
    expect(again.link.id).toBe(first.link.id);
    expect(await linksOf(w.document.id)).toHaveLength(1);
    expect(await db.outboxEmail.count({ where: { to: foreign.email, template: "documentShared" } })).toBe(2);
    expect((await sharedAudits(w.account.id)).map((a) => (a.payload as { renewed: boolean }).renewed)).toEqual([false, true]);

    // Removed from the People tab through the link service: gone from the list, and the link stops working.
    await deleteDocumentLink(w.ctx, first.link.id);
    expect(await findPersonalLinks(w.ctx, w.document.id)).toEqual([]);
    await expect(validateDocumentLink(visitor(), first.link.id)).rejects.toMatchObject({ code: "LINK_EXPIRED" });
  });

  it("gives a member of the workspace a normal policy, whatever the setting, and never a link", async () => {
    for (const setting of [false, true]) {
      const w = await workspace(setting);
      // Through the declaration, which reads the address in any case.
      const result = await runOperation(shareDocumentWithPerson, w.ctx, {
        id: w.document.id,
        email: w.colleague.email.toUpperCase(),
        role: "editor",
      });
      expect(result).toMatchObject({
        kind: "policy",
        policy: { userId: w.colleague.id, role: "editor", status: "active", inAccount: true },
      });
      expect(
        await db.documentPolicy.findUniqueOrThrow({ where: { documentId_userId: { documentId: w.document.id, userId: w.colleague.id } } }),
      ).toMatchObject({ role: "editor", status: "active" });
      expect(await linksOf(w.document.id)).toEqual([]);
      expect((await latestEmail(w.colleague.email))?.template).toBe("documentAccess.granted");
    }
  });

  it("refuses a suspended member, whatever the setting, storing nothing", async () => {
    const w = await workspace(true);
    await db.accountPolicy.updateMany({ where: { accountId: w.account.id, userId: w.colleague.id }, data: { status: "disabled" } });
    await expect(shareWithPerson(w.ctx, w.document.id, { email: w.colleague.email, role: "reader" })).rejects.toMatchObject({
      code: "FORBIDDEN",
      details: { reason: "memberSuspended" },
    });
    expect(await linksOf(w.document.id)).toEqual([]);
    expect(await db.documentPolicy.count({ where: { documentId: w.document.id, userId: w.colleague.id } })).toBe(0);
  });

  it("needs the editor role on the document; another account sees nothing", async () => {
    const w = await workspace(true);
    const readerCtx = (await signedInAs(w.reader.id, w.account.id)).ctx;
    await expect(shareWithPerson(readerCtx, w.document.id, { email: uniqueEmail(), role: "reader" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(findPersonalLinks(readerCtx, w.document.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    // A member who cannot see the document at all.
    const stranger = await addMember(w.account.id, "Member");
    const strangerCtx = (await signedInAs(stranger.id, w.account.id)).ctx;
    await expect(shareWithPerson(strangerCtx, w.document.id, { email: uniqueEmail(), role: "reader" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });

    const other = await workspace(true);
    await expect(shareWithPerson(other.adminCtx, w.document.id, { email: uniqueEmail(), role: "reader" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(findPersonalLinks(other.adminCtx, w.document.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    // A member of the other workspace is an outsider here, never given a policy in w.
    const result = await shareWithPerson(w.ctx, w.document.id, { email: other.colleague.email, role: "reader" });
    expect(result.kind).toBe("link");
    expect(await db.documentPolicy.count({ where: { documentId: w.document.id, userId: other.colleague.id } })).toBe(0);
    expect(await linksOf(w.document.id)).toHaveLength(1);

    await expect(
      runOperation(shareDocumentWithPerson, w.ctx, { id: w.document.id, email: "not-an-address", role: "reader" }),
    ).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });
  });

  it("lists the personal links over REST for the People tab", async () => {
    const w = await workspace(true);
    const outsider = uniqueEmail("rest");
    const created = await shareRoute.POST(
      jsonRequest("POST", `/vapp/documents/${w.document.id}/share`, {
        body: { email: outsider, role: "reviewer" },
        headers: { authorization: `Bearer ${w.accessToken}` },
        csrf: false,
      }),
      params({ id: w.document.id }),
    );
    expect(created.status).toBe(200);
    const body = await created.json();
    expect(body).toMatchObject({ kind: "link", link: { email: outsider, role: "reviewer" } });
    expect(body.link.url).toBeUndefined();
    const list = await shareRoute.GET(
      jsonRequest("GET", `/vapp/documents/${w.document.id}/share`, { headers: { authorization: `Bearer ${w.accessToken}` } }),
      params({ id: w.document.id }),
    );
    expect((await list.json()).map((l: { email: string }) => l.email)).toEqual([outsider]);
  });

  it("shares and lists over GraphQL with the REST answer's fields, refused with the setting off", async () => {
    const w = await workspace(true);
    const outsider = uniqueEmail("graphql");
    const share = `mutation ($documentId: ID!, $email: String!, $role: DocumentRoleName!) {
      shareDocumentWithPerson(id: $documentId, data: { email: $email, role: $role }) { kind capped renewed link { id email role isExpired } policy { user { email } role status } }
    }`;
    const asLink = await graphql<{ shareDocumentWithPerson: { link: { id: string } } }>(share, {
      accessToken: w.accessToken,
      variables: { documentId: w.document.id, email: outsider, role: "editor" },
    });
    expect(asLink.errors).toBeUndefined();
    expect(asLink.data?.shareDocumentWithPerson).toMatchObject({
      kind: "link",
      capped: true,
      renewed: false,
      policy: null,
      link: { email: outsider, role: "reviewer", isExpired: false },
    });
    expect((await latestEmail(outsider))?.template).toBe("documentShared");

    const asPolicy = await graphql(share, {
      accessToken: w.accessToken,
      variables: { documentId: w.document.id, email: w.colleague.email, role: "commenter" },
    });
    expect(asPolicy.data?.shareDocumentWithPerson).toEqual({
      kind: "policy",
      capped: null,
      renewed: null,
      link: null,
      policy: { user: { email: w.colleague.email }, role: "commenter", status: "active" },
    });

    const listed = await graphql(`{ personalLinks(id: "${w.document.id}") { id email role } }`, { accessToken: w.accessToken });
    expect(listed.data).toEqual({
      personalLinks: [{ id: asLink.data!.shareDocumentWithPerson.link.id, email: outsider, role: "reviewer" }],
    });

    const off = await workspace(false);
    const refused = await graphql(share, {
      accessToken: off.accessToken,
      variables: { documentId: off.document.id, email: outsider, role: "reader" },
    });
    expect(refused.errors?.[0].extensions.code).toBe("FORBIDDEN");
    expect(await linksOf(off.document.id)).toEqual([]);
    expect(await db.outboxEmail.count({ where: { to: outsider } })).toBe(1);
  });
});

import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import * as requestAccessRoute from "@/app/vapp/accounts/request-access/route";
import { requestAccess } from "@/lib/accounts/account-operations";
import { requestAccountAccess, renderAccessRequestEmail } from "@/lib/accounts/request-access";
import { runOperation } from "@/lib/operations/operation";
import { LOCALES } from "@/lib/i18n/locales";
import { addMember, createAccount, createUser, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest } from "@/tests/factories/http";

const emailsTo = (to: string) =>
  db.outboxEmail.findMany({ where: { to, template: "accountAccess.requested" }, orderBy: { createdAt: "asc" } });

describe("home request access", () => {
  it("emails every administrator in their language with the note, records an audit row, and refuses a second request within 24 h", async () => {
    const { account, owner } = await createAccount("Access");
    const otherAdmin = await createUser({ language: "es" });
    await addMember(account.id, "Administrator", otherAdmin);
    const guest = await createUser({ firstName: "Gina" });
    await addMember(account.id, "Guest", guest);
    const { ctx } = await signedInAs(guest.id, account.id);

    const result = await requestAccountAccess(ctx, { note: "I need to edit the supplier contracts" });
    expect(result.recipients).toBe(2);

    const [toOwner] = await emailsTo(owner.email);
    expect(toOwner.locale).toBe("en");
    expect(toOwner.subject).toContain("Gina");
    expect(toOwner.subject).toContain(account.name);
    expect(toOwner.text).toContain("I need to edit the supplier contracts");
    expect(toOwner.text).toContain("/settings/ws/users");
    const [toOther] = await emailsTo(otherAdmin.email);
    expect(toOther.locale).toBe("es");
    expect(toOther.subject).toContain("solicita más acceso");
    expect(await emailsTo(guest.email)).toHaveLength(0);

    const audit = await db.audit.findFirstOrThrow({
      where: { accountId: account.id, userId: guest.id, eventType: "account.accessRequested" },
    });
    expect(audit.payload).toMatchObject({ note: "I need to edit the supplier contracts", role: "Guest" });
    expect((audit.payload as { missing: string[] }).missing).toContain("ViewAllDocuments");

    await expect(requestAccountAccess(ctx, { note: "" })).rejects.toMatchObject({
      code: "TOO_MANY_ATTEMPTS",
      details: { retryAt: expect.any(String) },
    });
    expect(await emailsTo(owner.email)).toHaveLength(1);
    expect(await db.audit.count({ where: { accountId: account.id, userId: guest.id, eventType: "account.accessRequested" } })).toBe(1);

    // After the window, one more is allowed.
    await db.audit.updateMany({ where: { id: audit.id }, data: { createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) } });
    await expect(requestAccountAccess(ctx, { note: "" })).resolves.toMatchObject({ recipients: 2 });
  });

  it("the rate limit is per workspace: the same person may ask another workspace", async () => {
    const first = await createAccount("AccessOne");
    const second = await createAccount("AccessTwo");
    const person = await addMember(first.account.id, "Member");
    await addMember(second.account.id, "Guest", person);
    await requestAccountAccess((await signedInAs(person.id, first.account.id)).ctx, { note: "" });
    await expect(requestAccountAccess((await signedInAs(person.id, second.account.id)).ctx, { note: "" })).resolves.toMatchObject({
      recipients: 1,
    });
    // Nothing reached the other workspace's administrator from the first request.
    expect(await emailsTo(second.owner.email)).toHaveLength(1);
  });

  it("refuses a role with every main permission, a note over 500 characters, and a caller without a workspace", async () => {
    const { account, owner } = await createAccount("AccessFull");
    const { ctx: adminCtx } = await signedInAs(owner.id, account.id);
    await expect(requestAccountAccess(adminCtx, { note: "" })).rejects.toMatchObject({ code: "CONFLICT" });
    const member = await addMember(account.id, "Member");
    const { ctx } = await signedInAs(member.id, account.id);
    // The declaration refuses it before the service runs.
    await expect(runOperation(requestAccess, ctx, { note: "x".repeat(501) })).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    const loner = await createUser();
    await expect(requestAccountAccess((await signedInAs(loner.id)).ctx, { note: "" })).rejects.toMatchObject({ code: "ACCOUNT_REQUIRED" });
    expect(await db.audit.count({ where: { accountId: account.id, eventType: "account.accessRequested" } })).toBe(0);
  });

  it("works through REST and GraphQL, with the refusal's code and status", async () => {
    const { account, owner } = await createAccount("AccessApi");
    const guest = await addMember(account.id, "Guest");
    const { accessToken } = await signedInAs(guest.id, account.id);
    const headers = { authorization: `Bearer ${accessToken}` };

    const ok = await requestAccessRoute.POST(
      jsonRequest("POST", "/vapp/accounts/request-access", { body: { note: "REST" }, headers, csrf: false }),
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ recipients: 1 });
    const again = await requestAccessRoute.POST(jsonRequest("POST", "/vapp/accounts/request-access", { body: {}, headers, csrf: false }));
    expect(again.status).toBe(429);
    expect(await again.json()).toMatchObject({ error: { code: "TOO_MANY_ATTEMPTS", details: { retryAt: expect.any(String) } } });
    const tooLong = await requestAccessRoute.POST(
      jsonRequest("POST", "/vapp/accounts/request-access", { body: { note: "x".repeat(501) }, headers, csrf: false }),
    );
    expect(tooLong.status).toBe(400);

    const member = await addMember(account.id, "Member");
    const { accessToken: memberToken } = await signedInAs(member.id, account.id);
    const mutation = "mutation Ask($note: String) { requestAccountAccess(note: $note) { requestedAt recipients } }";
    const first = await graphql<{ requestAccountAccess: { recipients: number } }>(mutation, {
      accessToken: memberToken,
      variables: { note: "GraphQL" },
    });
    expect(first.errors).toBeUndefined();
    expect(first.data?.requestAccountAccess.recipients).toBe(1);
    const second = await graphql(mutation, { accessToken: memberToken });
    expect(second.errors?.[0].extensions.code).toBe("TOO_MANY_ATTEMPTS");
    expect((await emailsTo(owner.email)).map((mail) => mail.text).some((text) => text.includes("GraphQL"))).toBe(true);
  });

  // The isolation tables (isolation.test.ts, rest-isolation.test.ts) carry this row for an
  // Administrator of A; here a Guest, who may ask in A, names B and reaches nothing of it.
  it("a member of A naming workspace B in the account header reaches nothing of B", async () => {
    const a = await createAccount("AccessIsoA");
    const b = await createAccount("AccessIsoB");
    const guest = await addMember(a.account.id, "Guest");
    const { accessToken } = await signedInAs(guest.id, a.account.id);
    const headers = { authorization: `Bearer ${accessToken}`, "x-account-id": b.account.id };
    const rest = await requestAccessRoute.POST(jsonRequest("POST", "/vapp/accounts/request-access", { body: {}, headers, csrf: false }));
    expect([403, 404]).toContain(rest.status);
    const gql = await graphql("mutation { requestAccountAccess { recipients } }", {
      accessToken,
      headers: { "x-account-id": b.account.id },
    });
    expect(gql.errors?.[0].extensions.code).toMatch(/ACCOUNT_REQUIRED|NOT_FOUND|FORBIDDEN/);
    expect(await emailsTo(b.owner.email)).toHaveLength(0);
    expect(await db.audit.count({ where: { accountId: b.account.id, eventType: "account.accessRequested" } })).toBe(0);
  });

  it("has the email in every language, with and without a note", () => {
    for (const locale of LOCALES) {
      const input = {
        locale,
        url: "http://localhost/settings/ws/users",
        name: "Gina",
        email: "g@example.test",
        account: "Acme",
        role: "Guest",
      };
      const withNote = renderAccessRequestEmail({ ...input, note: "<b>please</b>" });
      expect(withNote.subject).toContain("Gina");
      expect(withNote.text).toContain("<b>please</b>");
      expect(withNote.html).not.toContain("<b>please</b>");
      expect(renderAccessRequestEmail({ ...input, note: "" }).text).not.toContain("please");
    }
  });
});

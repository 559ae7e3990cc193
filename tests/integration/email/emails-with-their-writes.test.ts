import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { GLOBAL_ROLE_IDS } from "@/lib/accounts/create-account";
import { inviteMembers, resendInvitation } from "@/lib/accounts/invite-members";
import { requestAccountAccess } from "@/lib/accounts/request-access";
import { updateAccount } from "@/lib/accounts/update-account";
import { anonymousContext, type ServiceContext } from "@/lib/auth/context";
import { forgotPassword } from "@/lib/sign-in/forgot-password";
import { registerUser } from "@/lib/sign-in/register-user";
import { requestMagicLink } from "@/lib/sign-in/request-magic-link";
import { sendVerifyEmail } from "@/lib/sign-in/send-verify-email";
import { answerAccessRequest, registerAccessDocumentPolicy } from "@/lib/documents/access-requests";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { transferDocumentOwnership, upsertDocumentPolicy } from "@/lib/documents/policies";
import { shareWithPerson } from "@/lib/documents/share-with-person";
import { emailDeliveryJob } from "@/lib/email/email-delivery-job";
import { stopJobs } from "@/lib/jobs/queue";
import { createDocumentLink } from "@/lib/links/document-links";
import { validateDocumentLink } from "@/lib/links/validate-document-link";
import { updateEmail } from "@/lib/users/update-email";
import { addMember, createAccount, createUser, PASSWORD, signedInAs, uniqueEmail } from "@/tests/factories";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * Every email that follows a state change is written in the change's transaction, with its
 * delivery job when an SMTP server is configured (issue 37): a process that stops at any instant
 * leaves no change, or the change with its email.
 *
 * A commit that fails after everything was written stands for the process killed just before
 * its commit: a deferred trigger refuses, at commit time, any email to a `doomed-…` address. When
 * the email is written in the change's transaction the whole change is rolled back with it; an
 * email written after the change, in a transaction of its own, would leave the change without
 * its email, which these tests catch.
 */
const DOOMED = "doomed-";
const doomed = (prefix: string) => `${DOOMED}${prefix}-${randomUUID().slice(0, 8)}@example.test`;

const TRIGGER_SQL = [
  `CREATE OR REPLACE FUNCTION test_refuse_doomed_email() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN RAISE EXCEPTION 'the process stops before its commit (test)'; END $$`,
  `DROP TRIGGER IF EXISTS test_refuse_doomed_email ON "OutboxEmail"`,
  `CREATE CONSTRAINT TRIGGER test_refuse_doomed_email AFTER INSERT ON "OutboxEmail"
   DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW."to" LIKE '${DOOMED}%')
   EXECUTE FUNCTION test_refuse_doomed_email()`,
];

beforeAll(async () => {
  for (const sql of TRIGGER_SQL) await db.$executeRawUnsafe(sql);
});

afterAll(async () => {
  await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS test_refuse_doomed_email ON "OutboxEmail"`);
  await db.$executeRawUnsafe(`DROP FUNCTION IF EXISTS test_refuse_doomed_email()`);
});

const emailsTo = (to: string) => db.outboxEmail.findMany({ where: { to } });

/** The delivery jobs of these emails (pg-boss's table; none when it does not exist yet). */
async function jobsOf(emailIds: string[]): Promise<number> {
  const [table] = await db.$queryRaw<{ t: string | null }[]>`SELECT to_regclass('pgboss.job')::text AS t`;
  if (!table?.t || emailIds.length === 0) return 0;
  const rows = await db.$queryRawUnsafe<{ n: bigint }[]>(
    `SELECT count(*) AS n FROM pgboss.job WHERE name = $1 AND data->>'emailId' = ANY($2::text[])`,
    emailDeliveryJob.name,
    emailIds,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Delivery jobs written since `since` whose email does not exist: a job committed without its email. */
async function orphanJobsSince(since: Date): Promise<number> {
  const [table] = await db.$queryRaw<{ t: string | null }[]>`SELECT to_regclass('pgboss.job')::text AS t`;
  if (!table?.t) return 0;
  const rows = await db.$queryRawUnsafe<{ n: bigint }[]>(
    `SELECT count(*) AS n FROM pgboss.job j WHERE j.name = $1 AND j.created_on >= $2
       AND NOT EXISTS (SELECT 1 FROM "OutboxEmail" e WHERE e.id = j.data->>'emailId')`,
    emailDeliveryJob.name,
    since,
  );
  return Number(rows[0]?.n ?? 0);
}

const MODES = [
  { mode: "outbox", smtpUrl: undefined },
  // No worker runs in this file: the jobs wait in the queue, where the test finds them.
  { mode: "smtp", smtpUrl: "smtp://127.0.0.1:9" },
] as const;

describe.each(MODES)("emails written with their change ($mode)", ({ smtpUrl }) => {
  const previousUrl = process.env.SMTP_URL;
  let started: Date;

  beforeAll(() => {
    started = new Date();
    if (smtpUrl) process.env.SMTP_URL = smtpUrl;
    else delete process.env.SMTP_URL;
  });

  afterAll(async () => {
    if (smtpUrl) {
      // Written with their emails, in the same commits: none of the failed commits left a job behind.
      expect(await orphanJobsSince(started)).toBe(0);
      await stopJobs();
    }
    if (previousUrl === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = previousUrl;
  });

  /** Exactly one email to `to`, of this template and language, with its delivery job when SMTP is on. */
  async function expectOneEmail(to: string, template: string, locale: string) {
    const emails = await emailsTo(to);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ to, template, locale, status: smtpUrl ? "queued" : "outbox" });
    expect(await jobsOf([emails[0].id])).toBe(smtpUrl ? 1 : 0);
    return emails[0];
  }

  const expectNoEmail = async (to: string) => expect(await emailsTo(to)).toEqual([]);

  /** Runs a call whose commit is refused: the caller is told, on both databases (lib/database/pglite-adapter.ts); each test then checks what is stored. */
  async function refusedAtCommit(call: Promise<unknown>) {
    const outcome = await call.then(
      () => null,
      (error: unknown) => error,
    );
    expect(String(outcome)).toMatch(/before its commit/);
  }

  describe("sign-in, reset and verification tokens", () => {
    const tokensOf = (userId: string, type: "magicLink" | "resetPassword" | "verifyEmail" | "invitation") =>
      db.authToken.count({ where: { userId, type } });
    const ctx = () => anonymousContext({ locale: "en" });

    it("a reset link: the token and its email commit together, or neither", async () => {
      const user = await createUser({ email: doomed("reset"), language: "es" });
      await refusedAtCommit(forgotPassword(ctx(), { email: user.email }));
      expect(await tokensOf(user.id, "resetPassword")).toBe(0);
      expect(await db.audit.count({ where: { userId: user.id, eventType: "user.passwordResetRequested" } })).toBe(0);
      await expectNoEmail(user.email);

      const kept = await createUser({ language: "es" });
      expect(await forgotPassword(ctx(), { email: kept.email })).toEqual({ sent: true });
      expect(await tokensOf(kept.id, "resetPassword")).toBe(1);
      const email = await expectOneEmail(kept.email, "resetPassword", "es");
      expect(email.text).toContain("/change-password?token=");

      // An unknown address: the same answer, and nothing stored.
      const unknown = uniqueEmail("nobody");
      expect(await forgotPassword(ctx(), { email: unknown })).toEqual({ sent: true });
      await expectNoEmail(unknown);
    });

    it("a sign-in link: the token and its email commit together, or neither", async () => {
      const user = await createUser({ email: doomed("magic") });
      await refusedAtCommit(requestMagicLink(ctx(), { email: user.email }));
      expect(await tokensOf(user.id, "magicLink")).toBe(0);
      await expectNoEmail(user.email);

      const kept = await createUser({ language: "pt" });
      expect(await requestMagicLink(ctx(), { email: kept.email })).toEqual({ sent: true });
      expect(await tokensOf(kept.id, "magicLink")).toBe(1);
      await expectOneEmail(kept.email, "magicLink", "pt");
    });

    it("a new verification link: the token and its email commit together, or neither", async () => {
      const user = await createUser({ email: doomed("verify"), verified: false });
      await refusedAtCommit(sendVerifyEmail(ctx(), user.email));
      expect(await tokensOf(user.id, "verifyEmail")).toBe(0);
      await expectNoEmail(user.email);

      const kept = await createUser({ verified: false, language: "ca" });
      expect(await sendVerifyEmail(ctx(), kept.email)).toEqual({ sent: true });
      expect(await tokensOf(kept.id, "verifyEmail")).toBe(1);
      await expectOneEmail(kept.email, "verifyEmail", "ca");
    });

    it("registering: the user, the verification token and its email commit together, or none", async () => {
      const email = doomed("register");
      const input = { email, password: PASSWORD, firstName: "Rita", lastName: "Doe", accountName: "Doomed Ltd", language: "es" as const };
      await refusedAtCommit(registerUser(ctx(), input));
      expect(await db.user.findUnique({ where: { email } })).toBeNull();
      await expectNoEmail(email);

      const keptEmail = uniqueEmail("register");
      const { id } = await registerUser(ctx(), { ...input, email: keptEmail, accountName: "Kept Ltd" });
      expect(await tokensOf(id, "verifyEmail")).toBe(1);
      await expectOneEmail(keptEmail, "verifyEmail", "es");
    });

    it("changing the sign-in address: the link to the new address and its email commit together, or neither", async () => {
      const user = await createUser();
      const { ctx: userCtx } = await signedInAs(user.id);
      const target = doomed("new-address");
      await refusedAtCommit(updateEmail(userCtx, { email: target, password: PASSWORD }));
      expect(await db.authToken.count({ where: { userId: user.id, email: target } })).toBe(0);
      await expectNoEmail(target);

      const keptTarget = uniqueEmail("new-address");
      await updateEmail(userCtx, { email: keptTarget, password: PASSWORD });
      expect(await db.authToken.count({ where: { userId: user.id, type: "verifyEmail", email: keptTarget } })).toBe(1);
      await expectOneEmail(keptTarget, "verifyEmail", "en");
    });

    it("an invitation, and one sent again: the membership, the token and the email commit together, or none", async () => {
      const { account, owner } = await createAccount("Inviting");
      const { ctx: ownerCtx } = await signedInAs(owner.id, account.id);
      const invitee = doomed("invitee");
      await refusedAtCommit(inviteMembers(ownerCtx, { emails: [invitee], roleId: GLOBAL_ROLE_IDS.Member }));
      expect(await db.accountPolicy.count({ where: { accountId: account.id, user: { email: invitee } } })).toBe(0);
      expect(await db.user.findUnique({ where: { email: invitee } })).toBeNull();
      await expectNoEmail(invitee);

      const kept = uniqueEmail("invitee");
      const [policy] = await inviteMembers(ownerCtx, { emails: [kept], roleId: GLOBAL_ROLE_IDS.Member });
      expect(await db.authToken.count({ where: { policyId: policy.id, type: "invitation" } })).toBe(1);
      await expectOneEmail(kept, "invitation", "en");

      // Sent again to an address that now fails: the earlier link still works, no new one is stored.
      const invitedUser = await db.user.update({ where: { email: kept }, data: { email: doomed("reinvited") } });
      await refusedAtCommit(resendInvitation(ownerCtx, policy.id));
      expect(await db.authToken.count({ where: { policyId: policy.id, usedAt: null } })).toBe(1);
      expect(await db.authToken.count({ where: { policyId: policy.id } })).toBe(1);
      await expectNoEmail(invitedUser.email);

      const back = await db.user.update({ where: { id: invitedUser.id }, data: { email: uniqueEmail("reinvited"), language: "es" } });
      await resendInvitation(ownerCtx, policy.id);
      expect(await db.authToken.count({ where: { policyId: policy.id, usedAt: null } })).toBe(1);
      expect(await db.authToken.count({ where: { policyId: policy.id } })).toBe(2);
      await expectOneEmail(back.email, "invitation", "es");
    });
  });

  describe("document access", () => {
    /** A workspace sharing with outsiders, its author (a Member) and a document of theirs. */
    async function workspace() {
      const { account, owner: admin } = await createAccount("Emails with writes");
      const adminCtx = (await signedInAs(admin.id, account.id)).ctx;
      await updateAccount(adminCtx, { settings: { documentShareExternalAccountMembers: true } });
      const author = await addMember(account.id, "Member", await createUser({ firstName: "Ana" }));
      const ctx = (await signedInAs(author.id, account.id)).ctx;
      const document = await createDocumentFromUpload(ctx, { name: "Supply agreement" }, { name: "s.docx", bytes: makeDocx(["Terms"]) });
      return { account, admin, adminCtx, author, ctx, document };
    }

    /** A member of the workspace with `email`, in `language`, and their context. */
    async function colleague(accountId: string, email: string, language = "en") {
      const user = await createUser({ email, language });
      await addMember(accountId, "Member", user);
      return { user, ctx: (await signedInAs(user.id, accountId)).ctx as ServiceContext };
    }

    it("sharing with a person outside the workspace: the personal link, its audit and its email commit together, or none", async () => {
      const w = await workspace();
      const outsider = doomed("outsider");
      await refusedAtCommit(shareWithPerson(w.ctx, w.document.id, { email: outsider, role: "reader" }));
      expect(await db.documentLink.count({ where: { documentId: w.document.id } })).toBe(0);
      expect(
        await db.audit.count({ where: { accountId: w.account.id, eventType: { in: ["link.created", "document.sharedWithPerson"] } } }),
      ).toBe(0);
      await expectNoEmail(outsider);

      const kept = uniqueEmail("outsider");
      await createUser({ email: kept, language: "es" });
      const shared = await shareWithPerson(w.ctx, w.document.id, { email: kept, role: "reader" });
      expect(shared).toMatchObject({ kind: "link", renewed: false });
      expect(await db.documentLink.count({ where: { documentId: w.document.id, allowList: { equals: [kept] } } })).toBe(1);
      expect(await db.audit.count({ where: { accountId: w.account.id, eventType: "document.sharedWithPerson" } })).toBe(1);
      await expectOneEmail(kept, "documentShared", "es");

      // Renewing the link for an address that fails now: the link keeps its role and expiry.
      const before = await db.documentLink.findFirstOrThrow({ where: { documentId: w.document.id } });
      await db.user.update({ where: { email: kept }, data: { email: doomed("renewed") } });
      const renewedTo = doomed("renew");
      await db.documentLink.update({ where: { id: before.id }, data: { allowList: [renewedTo] } });
      await refusedAtCommit(shareWithPerson(w.ctx, w.document.id, { email: renewedTo, role: "commenter" }));
      expect(await db.documentLink.findUniqueOrThrow({ where: { id: before.id } })).toMatchObject({
        role: before.role,
        expiredAt: before.expiredAt,
      });
      await expectNoEmail(renewedTo);
    });

    it("giving a member a role, and handing the document over: the role and its email commit together, or neither", async () => {
      const w = await workspace();
      const doomedMember = await colleague(w.account.id, doomed("granted"));
      await refusedAtCommit(upsertDocumentPolicy(w.ctx, w.document.id, { userId: doomedMember.user.id, role: "reader" }));
      expect(await db.documentPolicy.count({ where: { documentId: w.document.id, userId: doomedMember.user.id } })).toBe(0);
      await expectNoEmail(doomedMember.user.email);

      const member = await colleague(w.account.id, uniqueEmail("granted"), "es");
      await upsertDocumentPolicy(w.ctx, w.document.id, { userId: member.user.id, role: "reader" });
      expect(await db.documentPolicy.count({ where: { documentId: w.document.id, userId: member.user.id, status: "active" } })).toBe(1);
      await expectOneEmail(member.user.email, "documentAccess.granted", "es");

      // Handing over to a member whose email fails: the author stays the owner.
      const manager = await addMember(w.account.id, "Manager", await createUser({ email: doomed("new-owner") }));
      await refusedAtCommit(transferDocumentOwnership(w.ctx, w.document.id, manager.id));
      expect(await db.documentPolicy.findFirst({ where: { documentId: w.document.id, userId: manager.id } })).toBeNull();
      expect(await db.documentPolicy.findFirstOrThrow({ where: { documentId: w.document.id, userId: w.author.id } })).toMatchObject({
        role: "owner",
      });
      await expectNoEmail((await db.user.findUniqueOrThrow({ where: { id: manager.id } })).email);
    });

    it("asking for a document and answering: the request (or the answer) and its email commit together, or neither", async () => {
      const w = await workspace();
      // The owner's address fails: the request is not stored.
      await db.user.update({ where: { id: w.author.id }, data: { email: doomed("owner") } });
      const asker = await colleague(w.account.id, uniqueEmail("asker"), "pt");
      await refusedAtCommit(registerAccessDocumentPolicy(asker.ctx, w.document.id));
      expect(await db.documentPolicy.count({ where: { documentId: w.document.id, userId: asker.user.id } })).toBe(0);
      expect(await db.audit.count({ where: { accountId: w.account.id, eventType: "document.accessRequested" } })).toBe(0);

      const owner = await db.user.update({ where: { id: w.author.id }, data: { email: uniqueEmail("owner"), language: "ca" } });
      const request = await registerAccessDocumentPolicy(asker.ctx, w.document.id);
      expect(request).toMatchObject({ status: "requested" });
      await expectOneEmail(owner.email, "documentAccess.requested", "ca");

      // The asker's address fails now: the answer is not stored, the request stays open.
      await db.user.update({ where: { id: asker.user.id }, data: { email: doomed("asker") } });
      await refusedAtCommit(answerAccessRequest(w.ctx, request.id, { accept: true }));
      expect(await db.documentPolicy.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({ status: "requested" });

      const asked = await db.user.update({ where: { id: asker.user.id }, data: { email: uniqueEmail("asker") } });
      await answerAccessRequest(w.ctx, request.id, { accept: true });
      expect(await db.documentPolicy.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({ status: "active" });
      await expectOneEmail(asked.email, "documentAccess.accepted", "pt");
    });

    it("asking the workspace for more access: the request and the administrators' emails commit together, or none", async () => {
      const w = await workspace();
      const guest = await addMember(w.account.id, "Guest", await createUser({ firstName: "Gina" }));
      const { ctx: guestCtx } = await signedInAs(guest.id, w.account.id);
      const adminEmail = w.admin.email;
      await db.user.update({ where: { id: w.admin.id }, data: { email: doomed("admin") } });
      await refusedAtCommit(requestAccountAccess(guestCtx, { note: "Please" }));
      expect(await db.audit.count({ where: { accountId: w.account.id, userId: guest.id, eventType: "account.accessRequested" } })).toBe(0);

      // Nothing was recorded: the member may ask again at once.
      await db.user.update({ where: { id: w.admin.id }, data: { email: adminEmail, language: "es" } });
      expect(await requestAccountAccess(guestCtx, { note: "Please" })).toMatchObject({ recipients: 1 });
      expect(await db.audit.count({ where: { accountId: w.account.id, userId: guest.id, eventType: "account.accessRequested" } })).toBe(1);
      const email = await expectOneEmail(adminEmail, "accountAccess.requested", "es");
      expect(email.text).toContain("Please");
    });

    it("a secure link's code: the code's record and its email commit together, or neither", async () => {
      const w = await workspace();
      const visitorEmail = doomed("visitor");
      const keptEmail = uniqueEmail("visitor");
      const link = await createDocumentLink(w.ctx, w.document.id, { name: "Secure", isSecure: true, allowList: [visitorEmail, keptEmail] });
      const visitor = () => anonymousContext({ ip: null, userAgent: "vitest", locale: "es" });
      const codesSent = (email: string) =>
        db.audit.count({ where: { accountId: w.account.id, eventType: "link.codeSent", payload: { path: ["email"], equals: email } } });

      await refusedAtCommit(validateDocumentLink(visitor(), link.id, { email: visitorEmail }));
      expect(await codesSent(visitorEmail)).toBe(0);
      await expectNoEmail(visitorEmail);

      expect(await validateDocumentLink(visitor(), link.id, { email: keptEmail })).toEqual({ status: "codeSent", email: keptEmail });
      expect(await codesSent(keptEmail)).toBe(1);
      const email = await expectOneEmail(keptEmail, "linkCode", "es");
      expect(email.text).toMatch(/\d{6}/);
    });
  });
});

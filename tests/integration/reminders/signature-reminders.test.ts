import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { jobContext } from "@/lib/jobs/job";
import { remindSlowSigners, SIGNATURE_REMINDER_DAYS } from "@/lib/reminders/signature-reminders-job";
import { verifySigningToken } from "@/lib/signing/signing-tokens";
import { addMember, createAccount, createUser, signedInAs } from "@/tests/factories";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * Automatic reminders to slow signers: signers asked SIGNATURE_REMINDER_DAYS ago who have not
 * answered get their signing link again (the same request, so older links stay valid), once per
 * period, only while the document waits for signatures and only when it is their turn.
 */
const DAY = 86_400_000;
let accountId: string;
let owner: ServiceContext;

beforeAll(async () => {
  const created = await createAccount("Slow signers");
  accountId = created.account.id;
  owner = (await signedInAs(created.owner.id, accountId)).ctx;
});

async function documentToSign(name: string, settings: Record<string, string> = {}) {
  const document = await createDocumentFromUpload(owner, { name }, { name: "c.docx", bytes: makeDocx([name]) });
  await db.document.update({ where: { id: document.id }, data: { status: "toSign", settings } });
  return document;
}

const signer = (documentId: string, email: string, requestedDaysAgo: number, extra: Record<string, unknown> = {}) =>
  db.signature.create({
    data: {
      accountId,
      documentId,
      email,
      firstName: "Sam",
      lastName: "Signer",
      requestedAt: new Date(Date.now() - requestedDaysAgo * DAY),
      ...extra,
    },
  });

const remindersTo = (email: string) => db.outboxEmail.findMany({ where: { template: "signatureReminder", to: email } });

describe("automatic signer reminders", () => {
  it("reminds a signer asked long enough ago, once per period, with a link of the same request", async () => {
    const document = await documentToSign("Supply contract");
    const slow = await signer(document.id, "slow-signer@example.test", SIGNATURE_REMINDER_DAYS + 1);
    const recent = await signer(document.id, "recent-signer@example.test", 1);
    const done = await signer(document.id, "done-signer@example.test", 10, { signedAt: new Date() });
    const declined = await signer(document.id, "declined-signer@example.test", 10, { declinedAt: new Date() });
    const optedOut = await signer(document.id, "quiet-signer@example.test", 10, {
      settings: {
        allowBiometric: true,
        allowCertificate: false,
        allowDownload: true,
        rubricAllPages: false,
        sendReminders: false,
        allowApprovals: false,
      },
    });

    // Two runs at once, as two processes would: each signer is reminded once.
    await Promise.all([remindSlowSigners(jobContext("a")), remindSlowSigners(jobContext("b"))]);
    await remindSlowSigners(jobContext("c"));

    const [email] = await remindersTo(slow.email);
    expect(await remindersTo(slow.email)).toHaveLength(1);
    for (const other of [recent, done, declined, optedOut]) expect(await remindersTo(other.email)).toHaveLength(0);
    expect(email).toMatchObject({ accountId, documentId: document.id, locale: "en" });
    expect(email!.subject).toContain("Supply contract");
    const token = decodeURIComponent(email!.text.match(/\/sign\?signed=([^\s]+)/)![1]!);
    const check = verifySigningToken(token);
    expect(check).toMatchObject({
      ok: true,
      claims: { typ: "signature", rid: slow.id, did: document.id, aid: accountId, email: slow.email, rat: slow.requestedAt!.getTime() },
    });
    const after = await db.signature.findUniqueOrThrow({ where: { id: slow.id } });
    expect(after.notification).toMatchObject({ reminders: 1, reminderEmailId: email!.id });
    expect(
      await db.audit.findMany({
        where: { eventType: "signature.reminded", targetId: slow.id },
        select: { targetContext: true, via: true },
      }),
    ).toEqual([{ targetContext: document.id, via: "system" }]);

    // A period later, a second reminder.
    await remindSlowSigners(jobContext("d"), new Date(Date.now() + (SIGNATURE_REMINDER_DAYS + 0.1) * DAY));
    expect(await remindersTo(slow.email)).toHaveLength(2);
    expect((await db.signature.findUniqueOrThrow({ where: { id: slow.id } })).notification).toMatchObject({ reminders: 2 });
  });

  it("reminds only whose turn it is in an ordered process, and nobody once the document no longer waits", async () => {
    const ordered = await documentToSign("Ordered deed");
    const first = await signer(ordered.id, "first-ordered@example.test", 5, { order: 1 });
    const second = await signer(ordered.id, "second-ordered@example.test", 5, { order: 2 });
    const parallel = await documentToSign("Parallel deed", { signProcess: "parallel" });
    const p1 = await signer(parallel.id, "p1-parallel@example.test", 5, { order: 1 });
    const p2 = await signer(parallel.id, "p2-parallel@example.test", 5, { order: 2 });
    const cancelled = await documentToSign("Cancelled deed");
    await db.document.update({ where: { id: cancelled.id }, data: { status: "cancelled" } });
    const gone = await signer(cancelled.id, "cancelled-signer@example.test", 5);

    await remindSlowSigners(jobContext("e"));
    expect((await remindersTo(first.email)).length).toBe(1);
    expect((await remindersTo(second.email)).length).toBe(0);
    expect((await remindersTo(p1.email)).length).toBe(1);
    expect((await remindersTo(p2.email)).length).toBe(1);
    expect((await remindersTo(gone.email)).length).toBe(0);
  });

  it("reminds the next signer of an ordered process sent again after a decline, as the signing services let them sign", async () => {
    const resent = await documentToSign("Resent deed");
    const declined = await signer(resent.id, "declined-first@example.test", 5, { order: 1, declinedAt: new Date() });
    const next = await signer(resent.id, "next-after-decline@example.test", 5, { order: 2 });
    const later = await signer(resent.id, "later-after-decline@example.test", 5, { order: 3 });

    await remindSlowSigners(jobContext("g"));
    expect(await remindersTo(declined.email)).toHaveLength(0);
    expect(await remindersTo(next.email)).toHaveLength(1);
    expect(await remindersTo(later.email)).toHaveLength(0);
  });

  it("honours a member's signs email preference, in their language otherwise", async () => {
    const document = await documentToSign("Member deed", { signProcess: "parallel" });
    const quiet = await addMember(accountId, "Member", await createUser({ language: "ca" }));
    await db.user.update({
      where: { id: quiet.id },
      data: { emailPreferences: { successApprovals: true, docSigned: true, signs: false, tips: true } },
    });
    const catalan = await addMember(accountId, "Member", await createUser({ language: "ca" }));
    const quietUser = await db.user.findUniqueOrThrow({ where: { id: quiet.id } });
    const catalanUser = await db.user.findUniqueOrThrow({ where: { id: catalan.id } });
    await signer(document.id, quietUser.email, 5, { userId: quiet.id });
    await signer(document.id, catalanUser.email, 5, { userId: catalan.id });

    await remindSlowSigners(jobContext("f"));
    expect(await remindersTo(quietUser.email)).toHaveLength(0);
    const [email] = await remindersTo(catalanUser.email);
    expect(email).toMatchObject({ locale: "ca" });
    expect(email!.subject).toBe("Recordatori: «Member deed» espera la teva signatura");
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { accessWritesSettled } from "@/lib/auth/get-request-context";
import type { ServiceContext } from "@/lib/auth/context";
import { verifyEmail } from "@/lib/sign-in/verify-email";
import { db } from "@/lib/db";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { updateEmail } from "@/lib/users/update-email";
import { loadWorkQueue } from "@/lib/work-queue/work-queue";
import { addMember, createAccount, createUser, latestEmail, PASSWORD, signedInAs, tokenFromEmail, uniqueEmail } from "@/tests/factories";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * A new sign-in address takes effect only once verified (issue 37, item 3): a member who types an
 * outside signer's or reviewer's address does not reach what is addressed to them, and an
 * unverified address reaches nothing addressed to it.
 */
let w: { accountId: string; ownerCtx: ServiceContext; mallory: { id: string; email: string }; malloryCtx: ServiceContext };

beforeAll(async () => {
  const { account, owner } = await createAccount("Address change");
  const mallory = await addMember(account.id, "Member", await createUser({ firstName: "Mallory" }));
  const ownerCtx = (await signedInAs(owner.id, account.id)).ctx;
  const malloryCtx = (await signedInAs(mallory.id, account.id)).ctx;
  await accessWritesSettled();
  const { email } = await db.user.findUniqueOrThrow({ where: { id: mallory.id } });
  w = { accountId: account.id, ownerCtx, mallory: { id: mallory.id, email }, malloryCtx };
});

/** A document with one outside signer and one outside reviewer, both asked. */
async function requestsFor(email: string) {
  const upload = async (name: string, status: "signing" | "toReview") => {
    const doc = await createDocumentFromUpload(w.ownerCtx, { name }, { name: "c.docx", bytes: makeDocx([name]) });
    await db.document.update({ where: { id: doc.id }, data: { status } });
    return doc;
  };
  const [toSign, toReview] = [await upload("Change lease", "signing"), await upload("Change NDA", "toReview")];
  const signature = await db.signature.create({ data: { accountId: w.accountId, documentId: toSign.id, email, requestedAt: new Date() } });
  const approval = await db.approval.create({ data: { accountId: w.accountId, documentId: toReview.id, email, requestedAt: new Date() } });
  return { signature, approval };
}

const awaiting = async (ctx: ServiceContext) => {
  const queue = await loadWorkQueue(ctx);
  return { toSign: queue.toSign.items.map((item) => item.id), toApprove: queue.toApprove.items.map((item) => item.id) };
};

describe("changing the sign-in address", () => {
  it("changes nothing until the new address is verified: the requests addressed to it stay out of reach", async () => {
    const victim = uniqueEmail();
    const { signature, approval } = await requestsFor(victim);
    await updateEmail(w.malloryCtx, { email: victim, password: PASSWORD });

    const mallory = await db.user.findUniqueOrThrow({ where: { id: w.mallory.id } });
    expect(mallory.email).toBe(w.mallory.email);
    expect(mallory.emailVerified).not.toBeNull();
    expect(await awaiting(w.malloryCtx)).toEqual({ toSign: [], toApprove: [] });
    // The link went to the address asked for, not to the one asking.
    const mail = await latestEmail(victim);
    expect(mail?.text).toContain("/verify-email?token=");
    expect(await db.audit.count({ where: { eventType: "user.emailChangeRequested", targetId: w.mallory.id } })).toBe(1);
    expect(await db.audit.count({ where: { eventType: "user.emailChanged", targetId: w.mallory.id } })).toBe(0);

    // The owner of the address opens it: now it is theirs, verified, and so are its requests.
    await verifyEmail(w.malloryCtx, tokenFromEmail(mail!.text));
    const changed = await db.user.findUniqueOrThrow({ where: { id: w.mallory.id } });
    expect(changed.email).toBe(victim);
    expect(changed.emailVerified).not.toBeNull();
    expect(await awaiting(w.malloryCtx)).toEqual({ toSign: [signature.id], toApprove: [approval.id] });
    const audit = await db.audit.findFirstOrThrow({ where: { eventType: "user.emailChanged", targetId: w.mallory.id } });
    expect(audit.payload).toMatchObject({ from: w.mallory.email, to: victim });
    w.mallory.email = victim;
  });

  it("gives an unverified address nothing addressed to it", async () => {
    const address = uniqueEmail();
    const { signature } = await requestsFor(address);
    const unverified = await addMember(w.accountId, "Member", await createUser({ email: address, verified: false }));
    const ctx = (await signedInAs(unverified.id, w.accountId)).ctx;
    expect(await awaiting(ctx)).toEqual({ toSign: [], toApprove: [] });
    await db.user.update({ where: { id: unverified.id }, data: { emailVerified: new Date() } });
    expect((await awaiting(ctx)).toSign).toEqual([signature.id]);
  });

  it("ends an earlier change's link when another is asked, and refuses an address taken meanwhile", async () => {
    const [first, second] = [uniqueEmail(), uniqueEmail()];
    await updateEmail(w.malloryCtx, { email: first, password: PASSWORD });
    const firstToken = tokenFromEmail((await latestEmail(first))!.text);
    await updateEmail(w.malloryCtx, { email: second, password: PASSWORD });
    await expect(verifyEmail(w.malloryCtx, firstToken)).rejects.toMatchObject({ code: "TOKEN_USED" });

    // Someone signs up with the second address before the link is opened.
    await createUser({ email: second });
    await expect(verifyEmail(w.malloryCtx, tokenFromEmail((await latestEmail(second))!.text))).rejects.toMatchObject({
      code: "EMAIL_TAKEN",
    });
    expect((await db.user.findUniqueOrThrow({ where: { id: w.mallory.id } })).email).toBe(w.mallory.email);
  });
});

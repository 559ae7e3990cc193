import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { stopJobs } from "@/lib/jobs/queue";
import type { AppError } from "@/lib/errors/app-error";
import { localizedMessage } from "@/lib/http/error-response";
import { declineSignature } from "@/lib/signatures/decline-signature";
import { addSigner } from "@/lib/signatures/manage-signers";
import { fetchValidSignature } from "@/lib/signatures/fetch-valid-signature";
import { requestSignature, requestSignatures } from "@/lib/signatures/request-signatures";
import { saveSignaturePlaceholders } from "@/lib/signatures/save-placeholders";
import { setSignProcess } from "@/lib/signatures/set-sign-process";
import { signDocument } from "@/lib/signatures/sign-document";
import { storage } from "@/lib/storage/storage";
import { makePng } from "@/tests/factories/images";
import { addSigners, pdfContract, sealJobs, signerContext, signingToken } from "./helpers";

/**
 * The signing rules (issue 16): ordered and parallel processes, out of turn, two signers at the
 * same instant (one sealing job), a replayed request, a decline, and approvals first.
 */
afterAll(() => stopJobs());

const drawn = () => ({
  kind: "drawn" as const,
  timeline: [
    { x: 1, y: 2, t: 0, s: 1 as const },
    { x: 30, y: 12, t: 40 },
  ],
  files: [{ name: "signature.png", bytes: makePng(40, 20), field: "signature" }],
});
const reason = (error: unknown) => (error as { details?: { reason?: string } }).details?.reason;

describe("signing in order", () => {
  it("asks the first order only, then the next after each signature, and seals once at the end", { timeout: 60_000 }, async () => {
    const { ctx, document, owner } = await pdfContract("Ordered");
    const [first, second] = await addSigners(ctx, document.id, [1, 2]);
    const requested = await requestSignatures(ctx, document.id);
    expect(requested.map((s) => s.id)).toEqual([first.id]);
    expect((await db.document.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("toSign");
    // The second signer was not asked: asking them alone is refused while the first has not signed.
    await expect(requestSignature(ctx, second.id)).rejects.toMatchObject({ code: "CONFLICT", details: { reason: "notInTurn" } });

    const token1 = await signingToken(first.email);
    const view = await fetchValidSignature(signerContext(token1));
    expect(view.document).toMatchObject({ id: document.id, pageCount: 2 });
    expect(await db.audit.count({ where: { eventType: "signature.viewed", targetId: first.id } })).toBe(1);

    const result = await signDocument(signerContext(token1), { ...drawn(), idNumber: "X1234567" });
    expect(result.documentStatus).toBe("signing");
    const stored = await db.signature.findUniqueOrThrow({ where: { id: first.id } });
    expect(stored).toMatchObject({
      imageKind: "drawn",
      idNumber: "X1234567",
      signedIp: "198.51.100.7",
      signedUserAgent: "Mobile Safari (test)",
    });
    expect(stored.image).toMatch(/signature\.png$/);
    expect(stored.timeline).toHaveLength(2);
    expect(await sealJobs(document.id)).toBe(0);

    // The next order was asked automatically, in the name of the person who sent the document (its owner), not the workspace's twice.
    const nextRequest = await db.outboxEmail.findFirstOrThrow({ where: { to: second.email, template: "signatureRequest" } });
    expect(nextRequest.subject).toBe(
      `${`${owner.firstName ?? ""} ${owner.lastName ?? ""}`.trim() || owner.email} asks you to sign “Ordered contract”`,
    );
    const token2 = await signingToken(second.email);
    await signDocument(signerContext(token2), { kind: "typed", typedName: "Signer Two", files: [] });
    expect((await db.document.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("signed");
    expect(await sealJobs(document.id)).toBe(1);
    expect(await db.audit.count({ where: { eventType: "signature.signed", targetContext: document.id } })).toBe(2);

    // A replayed request: the link is completed, nothing changes, no second seal.
    const replay = await signDocument(signerContext(token2), { kind: "typed", typedName: "Again", files: [] }).catch((e) => e);
    expect(replay).toMatchObject({ code: "SIGNING_LINK_INVALID" });
    expect(reason(replay)).toBe("completed");
    expect(await sealJobs(document.id)).toBe(1);

    // Signed (and sealed next, whatever its status becomes): no new signer, no new request, said as such.
    const late = await addSigner(ctx, document.id, { email: "late@example.test", order: 3 }).catch((e: unknown) => e);
    expect(late).toMatchObject({ code: "CONFLICT", details: { reason: "documentSigned" } });
    expect(localizedMessage(late as AppError, "es")).toBe(
      "Este documento ya está firmado y sellado: no admite más firmantes. Haz una copia para volver a firmarlo.",
    );
    await db.document.update({ where: { id: document.id }, data: { status: "active" } });
    await db.seal.create({
      data: { accountId: document.accountId, documentId: document.id, contentId: "c", sha256: `seal-${document.id}` },
    });
    await expect(addSigner(ctx, document.id, { email: "late@example.test", order: 3 })).rejects.toMatchObject({
      details: { reason: "documentSigned" },
    });
    await expect(requestSignatures(ctx, document.id)).rejects.toMatchObject({ details: { reason: "documentSigned" } });
    expect(await db.signature.count({ where: { documentId: document.id } })).toBe(2);
  });

  it("refuses a signer out of turn with notYourTurn", async () => {
    const { ctx, document } = await pdfContract("Turn");
    const [, second] = await addSigners(ctx, document.id, [1, 2]);
    await setSignProcess(ctx, document.id, { signProcess: "parallel" });
    await requestSignatures(ctx, document.id);
    const token2 = await signingToken(second.email);
    // Back to ordered: the second signer's link is valid, but the first has not signed.
    await setSignProcess(ctx, document.id, { signProcess: "ordered" });
    const viewed = await fetchValidSignature(signerContext(token2)).catch((e) => e);
    expect(reason(viewed)).toBe("notYourTurn");
    const signed = await signDocument(signerContext(token2), drawn()).catch((e) => e);
    expect(signed).toMatchObject({ code: "SIGNING_LINK_INVALID" });
    expect(reason(signed)).toBe("notYourTurn");
    expect((await db.signature.findUniqueOrThrow({ where: { id: second.id } })).signedAt).toBeNull();
  });
});

describe("signing in parallel", () => {
  it("two signers at the same instant: both signed, the document signed, one sealing job", { timeout: 60_000 }, async () => {
    const { ctx, document } = await pdfContract("Parallel");
    const signers = await addSigners(ctx, document.id, [1, 2]);
    await setSignProcess(ctx, document.id, { signProcess: "parallel" });
    expect(await requestSignatures(ctx, document.id)).toHaveLength(2);
    const tokens = await Promise.all(signers.map((s) => signingToken(s.email)));
    const results = await Promise.all(tokens.map((token) => signDocument(signerContext(token), drawn())));
    expect(results.map((r) => r.documentStatus).sort()).toEqual(["signed", "signing"]);
    expect((await db.document.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("signed");
    expect(await sealJobs(document.id)).toBe(1);
  });
});

describe("the sender's words", () => {
  it("a subject and a message of their own reach each signer, the next in order too, in the email's frame", async () => {
    const { ctx, document, owner } = await pdfContract("Words");
    const [first, second] = await addSigners(ctx, document.id, [1, 2]);
    await requestSignatures(ctx, document.id, { subject: "  The supply deal, for your signature ", message: "Two minutes,\nthanks!" });
    const toFirst = await db.outboxEmail.findFirstOrThrow({ where: { to: first.email, template: "signatureRequest" } });
    expect(toFirst.subject).toBe("The supply deal, for your signature");
    const sender = `${owner.firstName ?? ""} ${owner.lastName ?? ""}`.trim() || owner.email;
    expect(toFirst.text).toContain(`${sender} wrote: “Two minutes,\nthanks!”`);
    expect(toFirst.text).toMatch(/signed=/);

    await signDocument(signerContext(await signingToken(first.email)), { kind: "typed", typedName: "Signer One", files: [] });
    const toSecond = await db.outboxEmail.findFirstOrThrow({ where: { to: second.email, template: "signatureRequest" } });
    expect(toSecond.subject).toBe("The supply deal, for your signature");
    expect(toSecond.text).toContain("Two minutes,");
    // An empty subject goes back to the usual one.
    await requestSignatures(ctx, document.id, { subject: "" });
    const settings = (await db.document.findUniqueOrThrow({ where: { id: document.id } })).settings as { signingEmail?: object };
    expect(settings.signingEmail).toEqual({ subject: "", message: "Two minutes,\nthanks!" });
  });
});

describe("declining", () => {
  it("rejects the document, ends the other links, and tells the owner and the co-signers", async () => {
    const { ctx, document, owner } = await pdfContract("Decline");
    const [first, second] = await addSigners(ctx, document.id, [1, 1]);
    await requestSignatures(ctx, document.id);
    const [token1, token2] = [await signingToken(first.email), await signingToken(second.email)];
    await declineSignature(signerContext(token1), { reason: "The amount is wrong." });
    const row = await db.signature.findUniqueOrThrow({ where: { id: first.id } });
    expect(row.declineReason).toBe("The amount is wrong.");
    expect((await db.document.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("rejected");
    expect(reason(await fetchValidSignature(signerContext(token2)).catch((e) => e))).toBe("cancelled");
    expect(reason(await declineSignature(signerContext(token1), { reason: "again" }).catch((e) => e))).toBe("completed");
    expect(await db.audit.count({ where: { eventType: "signature.declined", targetId: first.id } })).toBe(1);

    // The owner hears who declined and why, with the way to the document; the co-signer, that their request ended.
    const told = await db.outboxEmail.findMany({
      where: { documentId: document.id, template: { in: ["signatureDeclined", "signatureWithdrawn"] } },
    });
    expect(told.map((mail) => [mail.template, mail.to]).sort()).toEqual(
      [
        ["signatureDeclined", owner.email],
        ["signatureWithdrawn", second.email],
      ].sort(),
    );
    const toOwner = told.find((mail) => mail.template === "signatureDeclined")!;
    expect(toOwner.subject).toBe(`Signer1 declined to sign “Decline contract”`);
    expect(toOwner.text).toContain("The amount is wrong.");
    expect(toOwner.text).toContain(`/d/${document.id}/view`);
    const toCoSigner = told.find((mail) => mail.template === "signatureWithdrawn")!;
    expect(toCoSigner.text).toContain("no longer opens the document");
    // It only informs: no button, and not the link that ended.
    expect(toCoSigner.text).not.toContain("signed=");
    expect(toCoSigner.html).not.toContain("<a href");
  });
});

describe("approvals first", () => {
  it("refuses to send for signature while an approval is not approved", async () => {
    const { ctx, document, account } = await pdfContract("Approvals");
    await addSigners(ctx, document.id, [1]);
    const approval = await db.approval.create({ data: { accountId: account.id, documentId: document.id, email: "lawyer@example.test" } });
    await expect(requestSignatures(ctx, document.id)).rejects.toMatchObject({ code: "APPROVALS_PENDING" });
    await db.approval.update({ where: { id: approval.id }, data: { approvedAt: new Date() } });
    expect(await requestSignatures(ctx, document.id)).toHaveLength(1);
  });

  it("does not wait when signAfterApproval is off", async () => {
    const { ctx, document, account } = await pdfContract("NoWait");
    await addSigners(ctx, document.id, [1]);
    await db.approval.create({ data: { accountId: account.id, documentId: document.id, email: "lawyer@example.test" } });
    await setSignProcess(ctx, document.id, { signProcess: "ordered", signAfterApproval: false });
    expect(await requestSignatures(ctx, document.id)).toHaveLength(1);
  });
});

describe("placement", () => {
  it("saves boxes per signer, refuses another document's signer, and audits", async () => {
    const { ctx, document } = await pdfContract("Place");
    const [signer] = await addSigners(ctx, document.id, [1]);
    const other = await pdfContract("Other");
    const [stranger] = await addSigners(other.ctx, other.document.id, [1]);
    const box = {
      signatureId: signer.id,
      keyName: "signature",
      kind: "signature" as const,
      required: true,
      page: 1,
      x: 0.1,
      y: 0.7,
      width: 0.3,
      height: 0.08,
    };
    const saved = await saveSignaturePlaceholders(ctx, document.id, [
      box,
      { ...box, kind: "field", keyName: "city", fieldType: "text", y: 0.5 },
    ]);
    expect(saved.map((p) => p.kind)).toEqual(["signature", "field"]);
    await expect(saveSignaturePlaceholders(ctx, document.id, [{ ...box, signatureId: stranger.id }])).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await db.audit.count({ where: { eventType: "signature.placeholdersSaved", targetId: document.id } })).toBe(1);
  });
});

describe("one signature submitted twice at once", () => {
  it("records it once and keeps the winner's image: the losers remove only their own files", { timeout: 60_000 }, async () => {
    const { ctx, document } = await pdfContract("Twice");
    const [signer] = await addSigners(ctx, document.id, [1]);
    await requestSignatures(ctx, document.id);
    const token = await signingToken(signer.email);
    // The clock stands still: the submissions share every millisecond, as they did in the report.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date() });
    const outcomes = await Promise.allSettled(Array.from({ length: 4 }, () => signDocument(signerContext(token), drawn()))).finally(() =>
      vi.useRealTimers(),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    for (const outcome of outcomes) if (outcome.status === "rejected") expect(reason(outcome.reason)).toBe("completed");
    const { image } = await db.signature.findUniqueOrThrow({ where: { id: signer.id } });
    expect(image).toBeTruthy();
    const kept = await storage().get(image!);
    expect(kept?.size).toBeGreaterThan(0);
    await kept?.stream.cancel();
    // Nothing of the losers is left beside it.
    const folder = path.join(process.env.STORAGE_DIR!, path.dirname(image!));
    expect(readdirSync(folder).filter((name) => name.startsWith(signer.id))).toEqual([path.basename(image!)]);
    expect(await sealJobs(document.id)).toBe(1);
  });
});

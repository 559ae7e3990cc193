import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { stopJobs } from "@/lib/jobs/queue";
import { generateSealingP12 } from "@/lib/sealing/sealing-certificate";
import { CERTIFICATE_PASSWORD_ATTEMPTS } from "@/lib/signatures/certificate-attempts";
import { requestSignatures } from "@/lib/signatures/request-signatures";
import { signDocument } from "@/lib/signatures/sign-document";
import { makePng } from "@/tests/factories/images";
import { addSigners, pdfContract, signerContext, signingToken } from "./helpers";

/**
 * Wrong .p12 passwords are limited per signature (5 in 15 minutes), counted in the database so
 * that every app process agrees: past the limit even the right password is refused until the
 * lock ends, and another signature of the same document is not affected. Each try is counted
 * before the password is checked, so simultaneous tries get no more verdicts than the limit.
 */
const PASSWORD = "right-password";
let p12: Uint8Array;
let tokens: string[];
let signerIds: string[];

beforeAll(async () => {
  p12 = new Uint8Array(generateSealingP12(PASSWORD, "Attempts Signer"));
  const contract = await pdfContract("Attempts");
  const signers = await addSigners(contract.ctx, contract.document.id, [1, 1, 1], { allowCertificate: true });
  signerIds = signers.map((s) => s.id);
  await requestSignatures(contract.ctx, contract.document.id);
  tokens = await Promise.all(signers.map((s) => signingToken(s.email)));
}, 60_000);
afterAll(() => stopJobs());

const sign = (token: string, password: string) =>
  signDocument(signerContext(token), {
    kind: "uploaded",
    password,
    files: [
      { name: "signature.png", bytes: makePng(30, 12), field: "signature" },
      { name: "mine.p12", bytes: p12, field: "certificate" },
    ],
  }).catch((e) => e);

describe("wrong certificate passwords", () => {
  it("refuses the signature's certificate after five wrong passwords, even with the right one, and says for how long", async () => {
    for (let i = 0; i < CERTIFICATE_PASSWORD_ATTEMPTS; i++)
      expect(await sign(tokens[0], `wrong-${i}`)).toMatchObject({ code: "CERTIFICATE_PASSWORD_WRONG" });
    const locked = await sign(tokens[0], PASSWORD);
    expect(locked).toMatchObject({ code: "TOO_MANY_ATTEMPTS", params: { minutes: 15 } });
    expect(Date.parse(locked.details.retryAt)).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect((await db.signature.findUniqueOrThrow({ where: { id: signerIds[0] } })).signedAt).toBeNull();
    // The count is a database row, not process memory: another app process reads the same lock.
    const row = await db.signInThrottle.findUniqueOrThrow({ where: { key: `p12-password:${signerIds[0]}` } });
    expect(row.failures).toBe(CERTIFICATE_PASSWORD_ATTEMPTS);
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
  });

  it("leaves another signer of the same document alone, and a right password is not counted", async () => {
    expect(await sign(tokens[1], "wrong")).toMatchObject({ code: "CERTIFICATE_PASSWORD_WRONG" });
    const signed = await sign(tokens[1], PASSWORD);
    expect(signed).not.toBeInstanceOf(Error);
    expect((await db.signature.findUniqueOrThrow({ where: { id: signerIds[1] } })).signedAt).not.toBeNull();
    expect((await db.signInThrottle.findUniqueOrThrow({ where: { key: `p12-password:${signerIds[1]}` } })).failures).toBe(1);
  });

  it("lets the signer try again once the lock has passed", async () => {
    const past = new Date(Date.now() - 16 * 60_000);
    await db.signInThrottle.update({ where: { key: `p12-password:${signerIds[0]}` }, data: { lockedUntil: past, windowStart: past } });
    expect(await sign(tokens[0], "wrong-again")).toMatchObject({ code: "CERTIFICATE_PASSWORD_WRONG" });
    expect((await db.signInThrottle.findUniqueOrThrow({ where: { key: `p12-password:${signerIds[0]}` } })).failures).toBe(1);
    expect(await sign(tokens[0], PASSWORD)).not.toBeInstanceOf(Error);
  });

  it("gives exactly five of forty simultaneous passwords a verdict", async () => {
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => sign(tokens[2], `wrong-${i}`)));
    const codes = results.map((r) => r.code);
    expect(codes.filter((c) => c === "CERTIFICATE_PASSWORD_WRONG")).toHaveLength(CERTIFICATE_PASSWORD_ATTEMPTS);
    expect(codes.filter((c) => c === "TOO_MANY_ATTEMPTS")).toHaveLength(40 - CERTIFICATE_PASSWORD_ATTEMPTS);
    const row = await db.signInThrottle.findUniqueOrThrow({ where: { key: `p12-password:${signerIds[2]}` } });
    expect(row.failures).toBe(CERTIFICATE_PASSWORD_ATTEMPTS);
  });
});

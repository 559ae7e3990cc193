import { describe, expect, it } from "vitest";
import { buildContext } from "@/lib/auth/get-request-context";
import { callerKind } from "@/lib/operations/operation";
import { assertSignedRecord, signedClaims, signedRecordFailure } from "@/lib/signing/signed-caller";
import { signSigningToken, verifySigningToken } from "@/lib/signing/signing-tokens";

const requestedAt = new Date("2026-11-25T10:00:00Z");
const claims = { typ: "signature" as const, rid: "sig1", did: "doc1", aid: "acc1", email: "Ana@Example.com", rat: requestedAt.getTime() };
const record = { id: "sig1", accountId: "acc1", documentId: "doc1", email: "ana@example.com", requestedAt, finished: false };
const source = (headers: Record<string, string>) => ({ header: (name: string) => headers[name] ?? null, cookie: () => null });

describe("signing tokens", () => {
  it("verifies a token it signed, with the address lower-cased", () => {
    const verified = verifySigningToken(signSigningToken(claims));
    expect(verified.ok && verified.claims).toMatchObject({ typ: "signature", rid: "sig1", email: "ana@example.com" });
  });

  it("refuses a forged, re-purposed or expired token", () => {
    const token = signSigningToken(claims);
    const [body, sig] = token.split(".");
    const tampered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, "base64url").toString()), rid: "sig2" })).toString(
      "base64url",
    );
    expect(verifySigningToken(`${tampered}.${sig}`)).toEqual({ ok: false, reason: "invalid" });
    const asApproval = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, "base64url").toString()), typ: "approval" })).toString(
      "base64url",
    );
    expect(verifySigningToken(`${asApproval}.${sig}`)).toEqual({ ok: false, reason: "invalid" });
    expect(verifySigningToken("garbage")).toEqual({ ok: false, reason: "invalid" });
    expect(verifySigningToken(signSigningToken(claims, -1))).toEqual({ ok: false, reason: "expired" });
  });

  it("makes a signer or reviewer context from the signed header, in the token's workspace", async () => {
    const signer = await buildContext(source({ signed: signSigningToken(claims) }));
    expect(callerKind(signer)).toBe("signer");
    expect(signer).toMatchObject({ via: "signed", viaId: "sig1", accountId: "acc1", userId: null });
    expect(signer.permissions.size).toBe(0);
    const reviewer = await buildContext(source({ signed: signSigningToken({ ...claims, typ: "approval" }) }));
    expect(callerKind(reviewer)).toBe("reviewer");
    expect(() => signedClaims(reviewer, "signature")).toThrow(/no longer valid/);
    const forged = await buildContext(source({ signed: "abc.def" }));
    expect(callerKind(forged)).toBeNull();
  });

  it("checks the record the token names: replaced, finished, another document", () => {
    const verified = verifySigningToken(signSigningToken(claims));
    if (!verified.ok) throw new Error("not verified");
    expect(signedRecordFailure(record, verified.claims)).toBeNull();
    expect(signedRecordFailure({ ...record, requestedAt: new Date(requestedAt.getTime() + 1) }, verified.claims)).toBe("replaced");
    expect(signedRecordFailure({ ...record, finished: true }, verified.claims)).toBe("completed");
    expect(signedRecordFailure({ ...record, documentId: "doc2" }, verified.claims)).toBe("invalid");
    expect(signedRecordFailure({ ...record, requestedAt: null }, verified.claims)).toBe("cancelled");
    expect(signedRecordFailure(null, verified.claims)).toBe("invalid");
    expect(() => assertSignedRecord({ ...record, finished: true }, verified.claims)).toThrow(
      expect.objectContaining({ code: "SIGNING_LINK_INVALID" }),
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as sealedCopy } from "@/app/vapp/sealing/sealed-copy/route";
import { POST as verifyRoute } from "@/app/vapp/sealing/verify/route";
import { anonymousContext } from "@/lib/auth/context";
import { db } from "@/lib/db";
import { readStored } from "@/lib/documents/stored-file";
import { CSRF_COOKIE, CSRF_HEADER, issueCsrfToken } from "@/lib/http/csrf";
import { jobContext } from "@/lib/jobs/job";
import { sealPdf } from "@/lib/sealing/seal-pdf";
import { sealDocument } from "@/lib/sealing/seal-document";
import { generateSealingP12, readP12 } from "@/lib/sealing/sealing-certificate";
import { VERIFY_LIMITS, verifySealedPdf } from "@/lib/sealing/verify-sealed-pdf";
import { SIGNED_PARAM } from "@/lib/signing/signing-links";
import { signSigningToken } from "@/lib/signing/signing-tokens";
import { params } from "@/tests/factories/http";
import { fillerPages, makeTextPdf } from "@/tests/fixtures/pdf";
import { signedDocument } from "./signed-document";

/**
 * The public check behind /verify (issue 16): a sealed copy is recognised by its bytes, a
 * changed copy is told apart from a file sealed elsewhere, and anything else is not sealed here.
 */
let sealed: Uint8Array;
let world: Awaited<ReturnType<typeof signedDocument>>;
let n = 0;
const caller = () => anonymousContext({ ip: `198.51.100.${++n}` });
const file = (bytes: Uint8Array, name = "contract.pdf") => ({ name, bytes });

beforeAll(async () => {
  world = await signedDocument({ signers: [{}, {}] });
  await sealDocument(jobContext(null), world.document.id, { number: 1, last: false });
  const version = await db.documentContent.findFirstOrThrow({ where: { documentId: world.document.id }, orderBy: { version: "desc" } });
  sealed = await readStored(version.path);
}, 90_000);

afterAll(async () => {
  await db.signInThrottle.deleteMany({ where: { key: { startsWith: "verify-" } } });
});

describe("verifying a sealed PDF", () => {
  it("recognises the sealed copy: the workspace, the date and the signers", async () => {
    const answer = await verifySealedPdf(caller(), file(sealed));
    expect(answer).toMatchObject({ result: "sealed", workspace: world.account.name, signers: ["Ana Pérez", "Jo Smith"] });
    const seal = await db.seal.findFirstOrThrow({ where: { documentId: world.document.id } });
    expect(answer.sealedAt?.getTime()).toBe(seal.sealedAt.getTime());
  });

  it("says a copy changed after sealing was changed: an appended update, or one byte", async () => {
    const appended = Buffer.concat([Buffer.from(sealed), Buffer.from("\n% added later\n")]);
    expect(await verifySealedPdf(caller(), file(appended))).toMatchObject({ result: "modified", workspace: null, signers: [] });
    const edited = Buffer.from(sealed);
    const at = edited.indexOf("/MediaBox [ 0 0 595");
    expect(at).toBeGreaterThan(0);
    edited[at + "/MediaBox [ 0 0 59".length] = "6".charCodeAt(0);
    expect((await verifySealedPdf(caller(), file(edited))).result).toBe("modified");
  });

  it("does not claim a plain PDF, or one sealed with another certificate", { timeout: 30_000 }, async () => {
    const plain = await makeTextPdf(fillerPages(1, 3));
    expect(await verifySealedPdf(caller(), file(plain))).toEqual({ result: "notSealed", workspace: null, sealedAt: null, signers: [] });
    const p12 = generateSealingP12("other");
    const elsewhere = await sealPdf(
      plain,
      { documentId: "x", documentName: "Elsewhere", workspaceName: "Other", locale: "en", parties: [] },
      { p12, password: "other", source: "generated", ...readP12(p12, "other") },
    );
    expect((await verifySealedPdf(caller(), file(elsewhere.bytes))).result).toBe("notSealed");
  });

  it("takes only PDFs, checked by content", async () => {
    await expect(verifySealedPdf(caller(), file(new TextEncoder().encode("not a pdf at all"), "fake.pdf"))).rejects.toMatchObject({
      code: "FILE_TYPE_NOT_ALLOWED",
    });
    await expect(verifySealedPdf(caller(), file(new Uint8Array(0)))).rejects.toMatchObject({ code: "FILE_CORRUPT" });
  });

  it("is open to anyone over REST, as multipart with one file", async () => {
    const form = new FormData();
    form.append("file", new Blob([Buffer.from(sealed)], { type: "application/pdf" }), "sealed.pdf");
    const token = issueCsrfToken(null);
    const response = await verifyRoute(
      new Request("http://localhost:3000/vapp/sealing/verify", {
        method: "POST",
        body: form,
        headers: { cookie: `${CSRF_COOKIE}=${encodeURIComponent(token)}`, [CSRF_HEADER]: token },
      }),
      params({}),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toMatchObject({ result: "sealed", workspace: world.account.name });
  });

  it("counts checks per IP address and pauses one that checks too often", { timeout: 60_000 }, async () => {
    const ctx = anonymousContext({ ip: "192.0.2.77" });
    const plain = await makeTextPdf([["x"]]);
    for (let i = 0; i < VERIFY_LIMITS.perIp; i++) await verifySealedPdf(ctx, file(plain));
    await expect(verifySealedPdf(ctx, file(plain))).rejects.toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
    // Another address is not affected.
    expect((await verifySealedPdf(caller(), file(sealed))).result).toBe("sealed");
  });

  it("gives a signer's token of one workspace nothing of another's", async () => {
    const other = await signedDocument({ signers: [{}] });
    const mine = world.signatures[0]!;
    const theirs = other.signatures[0]!;
    // Signed by us, naming the other workspace's signature under this workspace: refused.
    const token = signSigningToken({
      typ: "signature",
      rid: theirs.id,
      did: theirs.documentId,
      aid: world.account.id,
      email: theirs.email,
      rat: theirs.requestedAt!.getTime(),
    });
    const refused = await sealedCopy(new Request(`http://localhost:3000/vapp/sealing/sealed-copy?${SIGNED_PARAM}=${token}`), params({}));
    expect(refused.status).toBe(401);
    expect((await refused.json()).error).toMatchObject({ code: "SIGNING_LINK_INVALID", details: { reason: "invalid" } });
    // The right token for the right record works (the document is sealed).
    const own = signSigningToken({
      typ: "signature",
      rid: mine.id,
      did: mine.documentId,
      aid: world.account.id,
      email: mine.email,
      rat: mine.requestedAt!.getTime(),
    });
    expect(
      (await sealedCopy(new Request(`http://localhost:3000/vapp/sealing/sealed-copy?${SIGNED_PARAM}=${own}`), params({}))).status,
    ).toBe(200);
    // A link asked again (a new request instant) no longer downloads.
    const stale = signSigningToken({
      typ: "signature",
      rid: mine.id,
      did: mine.documentId,
      aid: world.account.id,
      email: mine.email,
      rat: 1,
    });
    expect(
      (await (await sealedCopy(new Request(`http://localhost:3000/vapp/sealing/sealed-copy?${SIGNED_PARAM}=${stale}`), params({}))).json())
        .error.details.reason,
    ).toBe("replaced");
  });
});

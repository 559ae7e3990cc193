import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { anonymousContext } from "@/lib/auth/context";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { createDocumentLink } from "@/lib/links/document-links";
import { linkRef } from "@/lib/links/link-access";
import { currentLinkCode, LINK_CODE_PER_LINK, LINK_SEND_PER_ADDRESS } from "@/lib/links/link-code";
import { validateDocumentLink } from "@/lib/links/validate-document-link";
import { createAccount, signedInAs } from "@/tests/factories";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * Secure-link codes are counted per link as well as per address: a domain allow list admits any
 * number of addresses, each with its own code and its own count, so without the link's count
 * every new address would bring fresh guesses. Counted before the code is compared.
 */
const N = 40;
let ipSeq = 0;
/** Every guess from another address and another IP, as a sprayer would. */
const visitor = () => anonymousContext({ ip: `10.77.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`, userAgent: "vitest", locale: "en" });

async function secureDomainLink() {
  const { account, owner } = await createAccount("Codes");
  const { ctx } = await signedInAs(owner.id, account.id);
  const document = await createDocumentFromUpload(ctx, {}, { name: "a.docx", bytes: makeDocx(["Secret"]) });
  return createDocumentLink(ctx, document.id, { name: "Domain", isSecure: true, allowList: ["acme.com"] });
}

const wrongCode = (linkId: string, email: string) => (currentLinkCode(linkId, email) === "000000" ? "000001" : "000000");

describe("secure-link codes", () => {
  it("gives a verdict to exactly the link's limit of forty guesses at forty addresses, then locks the link", async () => {
    const link = await secureDomainLink();
    const stamp = Date.now();
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) => {
        const email = `guess${i}.${stamp}@acme.com`;
        return validateDocumentLink(visitor(), link.id, { email, code: wrongCode(link.id, email) }).catch((e) => e);
      }),
    );
    const codes = results.map((r) => r.code);
    expect(codes.filter((c) => c === "VALIDATION_FAILED")).toHaveLength(LINK_CODE_PER_LINK.limit);
    expect(codes.filter((c) => c === "TOO_MANY_ATTEMPTS")).toHaveLength(N - LINK_CODE_PER_LINK.limit);
    const row = await db.signInThrottle.findUniqueOrThrow({ where: { key: `link-code-link:${linkRef(link.id)}` } });
    expect(row.failures).toBe(LINK_CODE_PER_LINK.limit);

    // Locked for every address meanwhile, even with its right code: no verdict past the limit.
    const email = `late.${stamp}@acme.com`;
    await expect(validateDocumentLink(visitor(), link.id, { email, code: currentLinkCode(link.id, email) })).rejects.toMatchObject({
      code: "TOO_MANY_ATTEMPTS",
      params: { minutes: 15 },
    });
  });

  it("gives the link its attempt back on the right code", async () => {
    const link = await secureDomainLink();
    const email = `ana.${Date.now()}@acme.com`;
    await expect(validateDocumentLink(visitor(), link.id, { email, code: wrongCode(link.id, email) })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });
    expect(await validateDocumentLink(visitor(), link.id, { email, code: currentLinkCode(link.id, email) })).toMatchObject({
      status: "valid",
    });
    expect((await db.signInThrottle.findUniqueOrThrow({ where: { key: `link-code-link:${linkRef(link.id)}` } })).failures).toBe(1);
  });

  it("emails exactly the limit of forty simultaneous code requests for one address", async () => {
    const link = await secureDomainLink();
    const email = `burst.${Date.now()}@acme.com`;
    const results = await Promise.all(Array.from({ length: N }, () => validateDocumentLink(visitor(), link.id, { email }).catch((e) => e)));
    expect(results.filter((r) => r.status === "codeSent")).toHaveLength(LINK_SEND_PER_ADDRESS.limit);
    expect(results.filter((r) => r.code === "TOO_MANY_ATTEMPTS")).toHaveLength(N - LINK_SEND_PER_ADDRESS.limit);
    expect(await db.outboxEmail.count({ where: { to: email } })).toBe(LINK_SEND_PER_ADDRESS.limit);
  });
});

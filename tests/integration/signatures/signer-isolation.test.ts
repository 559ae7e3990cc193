import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { stopJobs } from "@/lib/jobs/queue";
import { runOperation, type Operation } from "@/lib/operations/operation";
import { documentPageCountOperation, documentPageImageOperation } from "@/lib/documents/page-image-operations";
import { requestSignatures } from "@/lib/signatures/request-signatures";
import {
  declineSignatureOperation,
  fetchValidSignatureOperation,
  signDocumentOperation,
  signingResultOperation,
} from "@/lib/signatures/signature-operations";
import { signSigningToken, type SigningClaims } from "@/lib/signing/signing-tokens";
import { makePng } from "@/tests/factories/images";
import { addSigners, pdfContract, signerContext, signingToken } from "./helpers";

/**
 * A signer's token of workspace A against workspace B (issue 16): the signer's operations take
 * no workspace ids (the token names the record), so the attempts are a token of A that names
 * B's signature or document, and A's token with B's ids in the input. Each is refused and B's
 * signer is unchanged.
 */
let tokenA: string;
let claimsA: SigningClaims;
let b: { documentId: string; signatureId: string; accountId: string; email: string };

beforeAll(async () => {
  const a = await pdfContract("IsoA");
  const [signerA] = await addSigners(a.ctx, a.document.id, [1]);
  await requestSignatures(a.ctx, a.document.id);
  tokenA = await signingToken(signerA.email);
  claimsA = JSON.parse(Buffer.from(tokenA.split(".")[0], "base64url").toString());
  const other = await pdfContract("IsoB");
  const [signerB] = await addSigners(other.ctx, other.document.id, [1]);
  await requestSignatures(other.ctx, other.document.id);
  b = { documentId: other.document.id, signatureId: signerB.id, accountId: other.account.id, email: signerB.email };
}, 60_000);
afterAll(() => stopJobs());

const signInput = { kind: "uploaded", files: [{ name: "s.png", bytes: makePng(20, 10), field: "signature" }] };
const signerOps: [Operation, object][] = [
  [fetchValidSignatureOperation as Operation, {}],
  [signingResultOperation as Operation, {}],
  [declineSignatureOperation as Operation, { reason: "no" }],
  [signDocumentOperation as Operation, signInput],
];

describe("a signer's token of workspace A against workspace B", () => {
  const crafted = () => [
    // A's token re-signed to name B's signature (in A's workspace, or claiming B's).
    signSigningToken({ ...claimsA, rid: b.signatureId }),
    signSigningToken({ ...claimsA, rid: b.signatureId, did: b.documentId }),
    signSigningToken({ ...claimsA, aid: b.accountId, did: b.documentId }),
  ];

  for (const [operation, input] of signerOps) {
    it(`${operation.name}: refused for tokens naming B's records, and with B's signature id`, async () => {
      const before = await db.signature.findUniqueOrThrow({ where: { id: b.signatureId } });
      for (const token of crafted()) {
        const error = await runOperation(operation, signerContext(token), input).catch((e) => e);
        expect(error).toMatchObject({ code: "SIGNING_LINK_INVALID" });
      }
      if (operation.name === "declineSignature" || operation.name === "signDocument") {
        const error = await runOperation(operation, signerContext(tokenA), { ...input, id: b.signatureId }).catch((e) => e);
        expect(error).toMatchObject({ code: "SIGNING_LINK_INVALID" });
      }
      expect(await db.signature.findUniqueOrThrow({ where: { id: b.signatureId } })).toEqual(before);
    });
  }

  it("B's pages are NOT_FOUND for A's signer", async () => {
    const pageOps: [Operation, object][] = [
      [documentPageImageOperation as Operation, { id: b.documentId, page: 1 }],
      [documentPageCountOperation as Operation, { id: b.documentId }],
    ];
    for (const [operation, input] of pageOps) {
      expect(await runOperation(operation, signerContext(tokenA), input).catch((e) => e)).toMatchObject({ code: "NOT_FOUND" });
    }
  });
});

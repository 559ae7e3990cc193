/**
 * SECURITY-CRITICAL. The signer behind a `signed` token: the Signature it names, re-read and
 * checked against the token on every use (lib/signing/signed-caller.ts), in the token's workspace.
 */
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";
import { assertSignedRecord, signedClaims } from "@/lib/signing/signed-caller";

type Reader = Pick<Prisma.TransactionClient, "signature">;

export async function signerOfToken(ctx: ServiceContext, options: { allowFinished?: boolean; client?: Reader } = {}) {
  const claims = signedClaims(ctx, "signature");
  const row = await (options.client ?? db).signature.findFirst({
    where: { id: claims.rid, accountId: claims.aid, documentId: claims.did },
  });
  const signer = assertSignedRecord(row && { ...row, finished: !!(row.signedAt || row.declinedAt) }, claims, options);
  return { signer, claims };
}

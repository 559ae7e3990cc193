import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { signerSettingsOf } from "./schemas";
import { signerOfToken } from "./signer-access";

/**
 * What /thanks needs: whether the document of the caller's link is signed (every signer has
 * signed), whether the caller has, and whether they may download it. The link may be finished (the signer has signed); any other failure is the link's.
 */
export async function signingResult(ctx: ServiceContext) {
  const { signer } = await signerOfToken(ctx, { allowFinished: true });
  const document = await db.document.findFirstOrThrow({
    where: { id: signer.documentId, accountId: signer.accountId },
    select: { id: true, name: true, status: true },
  });
  return {
    documentId: document.id,
    name: document.name,
    signed: document.status === "signed",
    signerSigned: !!signer.signedAt,
    // Whether the sender lets this signer download what they signed (and later the sealed copy).
    download: signerSettingsOf(signer.settings).allowDownload,
  };
}

import type { Signature } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";
import { db } from "@/lib/db";
import type { TurnOrder } from "@/lib/process/turns";
import { signerTurns } from "./signing-turn";
import { signingSettingsOf } from "./signature-view";
import { signerOfToken } from "./signer-access";

type Signer = Pick<Signature, "id" | "order" | "requestedAt" | "signedAt" | "declinedAt">;

/**
 * Whether "It is not your turn yet … you will get an email when it is" is true for the signer
 * `id` (issue 39, item 10): only in an ordered process, for a signer who has neither signed nor
 * declined and whose turn has not come (signers of a lower order are still open). Never in a
 * parallel process, never once it is their turn, never after they signed or declined.
 */
export function waitsForTurn(signers: readonly Signer[], id: string, process: TurnOrder): boolean {
  const signer = signers.find((s) => s.id === id);
  if (process !== "ordered" || !signer || signer.signedAt || signer.declinedAt) return false;
  return !signerTurns.mayAct(signers, id, process);
}

/**
 * Where the holder of a signing link stands now, read again when the failed-link page is
 * opened (it may be opened long after, from the history): `waiting` for their turn, or `inTurn`
 * (may sign now). A link that fails for another reason throws its SIGNING_LINK_INVALID (completed,
 * cancelled, replaced…), as every signer's service does.
 */
export async function signerTurnState(ctx: ServiceContext): Promise<"waiting" | "inTurn"> {
  const { signer } = await signerOfToken(ctx);
  const [document, signers] = await Promise.all([
    db.document.findFirstOrThrow({ where: { id: signer.documentId, accountId: signer.accountId }, select: { settings: true } }),
    db.signature.findMany({
      where: { accountId: signer.accountId, documentId: signer.documentId },
      select: { id: true, order: true, requestedAt: true, signedAt: true, declinedAt: true },
    }),
  ]);
  return waitsForTurn(signers, signer.id, signingSettingsOf(document.settings).signProcess) ? "waiting" : "inTurn";
}

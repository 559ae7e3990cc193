import { Prisma, type Signature } from "@/lib/generated/prisma/client";
import { inTurnSql, turnsOf } from "@/lib/process/turns";

type Signer = Pick<Signature, "id" | "order" | "requestedAt" | "signedAt" | "declinedAt">;

/**
 * Signers in the one turn rule (lib/process/turns.ts): a signature is done; a decline skips only
 * the signer who declined (the document is rejected, and sending it again asks the others in
 * turn). Ordered: the open signers of the lowest order (equal orders sign together); parallel:
 * every open signer.
 */
export const signerTurns = turnsOf<Signer>({
  participant: (s) => ({
    id: s.id,
    position: s.order,
    state: s.signedAt ? "done" : s.declinedAt ? "declined" : s.requestedAt ? "requested" : "waiting",
  }),
  onDecline: "skips",
});

/**
 * The same rule in SQL: the "Signature" row `signature` is in turn on the "Document" row
 * `document` (its settings.signProcess read as signingSettingsOf does: parallel only when it says
 * so, else ordered). For the reminders job, which works on sets.
 */
export const signerInTurnSql = (signature: string, document: string) =>
  inTurnSql({
    table: "Signature",
    alias: signature,
    group: "documentId",
    position: "order",
    doneAt: "signedAt",
    declinedAt: "declinedAt",
    parallel: Prisma.sql`${Prisma.raw(document)}.settings->>'signProcess' = 'parallel'`,
    onDecline: "skips",
  });

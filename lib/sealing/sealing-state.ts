import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { pubsub } from "@/lib/events/pubsub";
import { clip } from "@/lib/text/clip";

/**
 * Where a document's sealing stands, kept in Document.metadata.sealing (issue 16): `sealing`
 * while a run is at work, `failed` after a failed attempt (`final` once the queue gives up; before
 * that it is retried), `sealed` when the sealed copy exists. The document screen's banner reads it
 * (components/sealing/sealing-banner.tsx).
 */
export type SealingState = {
  state: "sealing" | "failed" | "sealed";
  /** What went wrong, for the banner and the logs (failed only). */
  error?: string | null;
  /** Why, as a code the screens translate, when it is known (failed only): converterMissing. */
  reason?: "converterMissing";
  /** The attempt that wrote it (1 for the first). */
  attempts: number;
  /** No more attempts follow (failed only). */
  final?: boolean;
  /** When it was written, ISO. */
  at: string;
};

type Tx = Pick<Prisma.TransactionClient, "$executeRaw">;

/** Writes the state into the document's metadata, leaving its other keys alone; scoped by the document's own account. */
export async function writeSealingState(tx: Tx, document: { id: string; accountId: string }, state: SealingState): Promise<void> {
  await tx.$executeRaw`UPDATE "Document"
    SET "metadata" = jsonb_set(coalesce("metadata", '{}'::jsonb), '{sealing}', ${JSON.stringify(state)}::jsonb, true)
    WHERE "id" = ${document.id} AND "accountId" = ${document.accountId}`;
}

/** Reads the state from a document's metadata (null when it was never sealed nor tried). */
export function readSealingState(metadata: unknown): SealingState | null {
  const sealing = (metadata as { sealing?: SealingState } | null)?.sealing;
  return sealing && typeof sealing === "object" && typeof sealing.state === "string" ? sealing : null;
}

/** Records a failed attempt and tells the document's subscribers (state `sealFailed`). */
export async function recordSealingFailure(
  document: { id: string; accountId: string },
  error: unknown,
  attempt: { number: number; last: boolean },
  reason?: SealingState["reason"],
): Promise<void> {
  const message = clip(error instanceof Error ? error.message : String(error), 500);
  await writeSealingState(db, document, {
    state: "failed",
    error: message,
    ...(reason ? { reason } : {}),
    attempts: attempt.number,
    final: attempt.last,
    at: new Date().toISOString(),
  });
  pubsub.publish("document:signing", document.id, { documentId: document.id, kind: "seal", id: document.id, state: "sealFailed" });
}

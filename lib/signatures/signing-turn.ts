import type { Signature } from "@/lib/generated/prisma/client";
import type { SignProcess } from "./schemas";

type Signer = Pick<Signature, "id" | "order" | "signedAt" | "declinedAt">;

/**
 * Whose turn it is: in a parallel process every signer who has not signed or declined; in an
 * ordered one only those of the lowest order still open (equal orders sign together).
 */
export function signersInTurn<S extends Signer>(signers: S[], process: SignProcess): S[] {
  const open = signers.filter((s) => !s.signedAt && !s.declinedAt);
  if (process === "parallel" || open.length === 0) return open;
  const lowest = Math.min(...open.map((s) => s.order));
  return open.filter((s) => s.order === lowest);
}

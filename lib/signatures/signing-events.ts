import { pubsub } from "@/lib/events/pubsub";

/**
 * Tells the document's page and the workspace's work queue that a signer's state changed
 * (requested, viewed, signed, declined, changed). Call it AFTER the transaction commits: a
 * subscriber re-reads what it shows, and must find the change there.
 */
export function publishSigningChange(accountId: string, documentId: string, id: string, state: string): void {
  pubsub.publish("document:signing", documentId, { documentId, kind: "signature", id, state });
  pubsub.publish("account:workQueue", accountId, { documentId });
}

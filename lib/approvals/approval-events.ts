import { pubsub } from "@/lib/events/pubsub";

/**
 * Tells live subscribers what changed, after the transaction committed: the document's page
 * re-reads its approvals ("document:signing") and the workspace's work queue its counts
 * ("account:workQueue").
 */
export function publishApprovalEvents(accountId: string, documentId: string, changes: { id: string; state: string }[]): void {
  for (const change of changes)
    pubsub.publish("document:signing", documentId, { documentId, kind: "approval", id: change.id, state: change.state });
  if (changes.length) pubsub.publish("account:workQueue", accountId, { documentId });
}

/**
 * SECURITY-CRITICAL. Removing people's access to a document, or their requests (rules in
 * docs/permissions.md; the shared checks in policy-rules.ts).
 */
import { db } from "@/lib/db";
import type { DocumentPolicy } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { forgetDocumentRoles } from "./access";
import { lockDocumentRow } from "@/lib/database/lock-row";
import { assertKeepsAnOwner, auditPolicy, policyNotFound, requirePolicy, requireRoleOnPolicyDocument } from "./policy-rules";

/**
 * Removes someone's access (or a request). Editors remove reader … editor policies; an owner's
 * policy, a pending or refused request need owner. Anyone may remove their own policy (leave
 * the document, withdraw a request). The last owner stays: LAST_DOCUMENT_OWNER. Another
 * account's policy, or one on a document the caller cannot see, is NOT_FOUND.
 */
export async function removeDocumentPolicy(ctx: ServiceContext, policyId: string): Promise<string> {
  return (await removeDocumentPolicies(ctx, [policyId]))[0];
}

/**
 * Removes several policies or requests, all or none, each by the rules of removeDocumentPolicy:
 * NOT_FOUND for any id of another account or on a document the caller cannot see, FORBIDDEN
 * below the role one of them needs, LAST_DOCUMENT_OWNER when a document would be left without
 * an owner (counting every policy removed with it). One transaction, one audit row per policy.
 * Returns the removed ids.
 */
export async function removeDocumentPolicies(ctx: ServiceContext, policyIds: string[]): Promise<string[]> {
  const { accountId } = accountScope(ctx);
  const unique = [...new Set(policyIds)];
  const policies: DocumentPolicy[] = [];
  for (const policyId of unique) {
    const policy = await requirePolicy(accountId, policyId);
    if (policy.userId !== ctx.userId) {
      await requireRoleOnPolicyDocument(ctx, policy, policy.status !== "active" || policy.role === "owner" ? "owner" : "editor");
    }
    policies.push(policy);
  }
  // One order for the row locks, so two bulk removals on the same documents cannot deadlock.
  const documentIds = [...new Set(policies.map((p) => p.documentId))].sort();
  await db.$transaction(async (tx) => {
    for (const documentId of documentIds) await lockDocumentRow(tx, documentId);
    const current = await tx.documentPolicy.findMany({ where: { accountId, id: { in: unique } } });
    // Another request removed one meanwhile: all or none.
    if (current.length !== unique.length) throw policyNotFound();
    const removedIds = current.map((p) => p.id);
    for (const documentId of documentIds) {
      if (current.some((p) => p.documentId === documentId && p.status === "active" && p.role === "owner"))
        await assertKeepsAnOwner(tx, accountId, documentId, removedIds);
    }
    await tx.documentPolicy.deleteMany({ where: { accountId, id: { in: removedIds } } });
    for (const policy of current)
      await auditPolicy(ctx, tx, "document.policyRemoved", policy, { userId: policy.userId, role: policy.role, status: policy.status });
  });
  forgetDocumentRoles(ctx);
  return unique;
}

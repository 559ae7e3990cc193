/**
 * SECURITY-CRITICAL. Access requests (spec registerAccessDocumentPolicy): a member asks for a
 * document they cannot see, an owner accepts or refuses (rules in docs/permissions.md; the
 * shared checks in policy-rules.ts).
 */
import { db } from "@/lib/db";
import type { AccountContext, ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { prepareEmailDelivery } from "@/lib/email/send-email";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { WITH_FOLLOW_UPS } from "@/lib/jobs/job";
import { displayName } from "@/lib/users/person";
import { documentRole, forgetDocumentRoles } from "./access";
import { actorName, requestRecipients, sendAccessEmail } from "./access-emails";
import type { AnswerAccessRequestInput } from "./policies";
import { lockDocumentRow } from "@/lib/database/lock-row";
import {
  assertRoleFits,
  auditPolicy,
  policyInclude,
  presentPolicy,
  requireActiveMember,
  requirePolicy,
  requireRoleOnPolicyDocument,
  type PresentedPolicy,
} from "./policy-rules";

/**
 * A member who cannot see a document asks for access (spec registerAccessDocumentPolicy): a
 * 'requested' reader policy, or a refused one re-opened; with the account setting
 * autoApproveDocPolicy it is active at once. The document is looked up by id in the caller's
 * account only (NOT_FOUND otherwise, another account's included) and nothing of it is returned
 * but the policy. CONFLICT when the caller already sees it. The owners (else the workspace
 * administrators) are emailed, in the request's transaction; asking again while a request is
 * open changes nothing.
 */
export async function registerAccessDocumentPolicy(ctx: ServiceContext, documentId: string): Promise<PresentedPolicy> {
  const { accountId } = accountScope(ctx);
  const userId = (ctx as AccountContext).userId;
  const document =
    documentId.length <= 64
      ? await db.document.findFirst({
          where: { id: documentId, accountId },
          select: {
            id: true,
            name: true,
            account: { select: { settings: true } },
            policies: { where: { userId }, select: { id: true, userId: true, role: true, status: true } },
          },
        })
      : null;
  if (!document) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Document not found." });
  if (await documentRole(ctx, document))
    throw new AppError(AppErrorCode.CONFLICT, { message: "You already have access to this document." });
  const existing = document.policies[0];
  if (existing?.status === "requested") {
    return presentPolicy(await db.documentPolicy.findUniqueOrThrow({ where: { id: existing.id }, include: policyInclude(accountId) }));
  }
  const autoApprove = (document.account.settings as { autoApproveDocPolicy?: boolean } | null)?.autoApproveDocPolicy === true;
  const status = autoApprove ? ("active" as const) : ("requested" as const);
  await prepareEmailDelivery();
  const row = await db.$transaction(async (tx) => {
    const data = { role: "reader" as const, status, note: null };
    const saved = existing
      ? await tx.documentPolicy.update({ where: { id: existing.id }, data, include: policyInclude(accountId) })
      : await tx.documentPolicy.create({
          data: { ...data, accountId, documentId: document.id, userId },
          include: policyInclude(accountId),
        });
    await auditPolicy(ctx, tx, "document.accessRequested", saved, { userId, role: "reader", status });
    if (autoApprove) await auditPolicy(ctx, tx, "document.policyGranted", saved, { userId, role: "reader", autoApproved: true });
    else {
      // The request is stored with its emails (issue 37).
      const requester = saved.user;
      for (const owner of await requestRecipients(accountId, document.id, tx)) {
        await sendAccessEmail(tx, owner, "requested", `/d/${document.id}/view`, {
          name: displayName(requester),
          email: requester.email,
          document: document.name,
        });
      }
    }
    return saved;
  }, WITH_FOLLOW_UPS);
  forgetDocumentRoles(ctx);
  return presentPolicy(row);
}

/**
 * An owner answers a request: accept makes it an active policy with `role` (reader by default,
 * same limits as granting), refuse marks it refused. NOT_FOUND for a policy the caller cannot
 * reach, FORBIDDEN below owner, CONFLICT when it is not a pending request. The requester is
 * emailed, in the answer's transaction; the refusal does not name the document.
 */
export async function answerAccessRequest(
  ctx: ServiceContext,
  policyId: string,
  input: AnswerAccessRequestInput,
): Promise<PresentedPolicy> {
  const { accountId } = accountScope(ctx);
  const policy = await requirePolicy(accountId, policyId);
  const { document } = await requireRoleOnPolicyDocument(ctx, policy, "owner");
  const role = input.role ?? "reader";
  const member = input.accept ? await requireActiveMember(accountId, policy.userId) : null;
  if (member) assertRoleFits(member, role);
  await prepareEmailDelivery();
  const presented = await db.$transaction(async (tx) => {
    await lockDocumentRow(tx, policy.documentId);
    const { count } = await tx.documentPolicy.updateMany({
      where: { id: policy.id, accountId, status: "requested" },
      data: input.accept ? { status: "active", role } : { status: "refused" },
    });
    if (count !== 1) throw new AppError(AppErrorCode.CONFLICT, { message: "This request has already been answered." });
    const saved = await tx.documentPolicy.findUniqueOrThrow({ where: { id: policy.id }, include: policyInclude(accountId) });
    await auditPolicy(ctx, tx, input.accept ? "document.accessAccepted" : "document.accessRefused", saved, {
      userId: saved.userId,
      role: saved.role,
    });
    // The answer is stored with its email (issue 37).
    const presented = presentPolicy(saved);
    const actor = await actorName(ctx, tx);
    if (input.accept)
      await sendAccessEmail(tx, member!, "accepted", `/d/${document.id}/view`, { name: actor, document: document.name, role });
    if (!input.accept && presented.inAccount) await sendAccessEmail(tx, saved.user, "refused", "/docs", { name: actor });
    return presented;
  }, WITH_FOLLOW_UPS);
  forgetDocumentRoles(ctx);
  return presented;
}

/**
 * SECURITY-CRITICAL. The rules every change of a document policy goes by (docs/permissions.md,
 * "Granting document roles"): who may be given a role, the policy as screens and APIs show it,
 * the row lock and the "one owner left" check, the audit row. Used by lib/documents/policies.ts,
 * remove-document-policies.ts and access-requests.ts.
 */
import { db } from "@/lib/db";
import type { DocumentPolicy, DocumentRoleName, Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { rolePermissions } from "@/lib/auth/permissions";
import { AppError, AppErrorCode, isAppError } from "@/lib/errors/app-error";
import { displayName } from "@/lib/users/person";
import { requireDocumentRole, roleAtLeast } from "./access";

/** The most a member without ManageDocuments (a Guest) may hold; access.ts caps them there too. */
export const GUEST_MAX_DOCUMENT_ROLE: DocumentRoleName = "commenter";
export const policyInclude = (accountId: string) =>
  ({
    user: {
      select: {
        id: true,
        firstName: true,
        lastName: true,
        email: true,
        avatar: true,
        language: true,
        deleted: true,
        policies: { where: { accountId, status: "active" }, select: { id: true } },
      },
    },
  }) satisfies Prisma.DocumentPolicyInclude;
export type PolicyRow = Prisma.DocumentPolicyGetPayload<{ include: ReturnType<typeof policyInclude> }>;

/** A policy as screens and APIs show it; `inAccount` says whether the person is still an active member. */
export function presentPolicy(row: PolicyRow) {
  const { user, ...policy } = row;
  return {
    id: policy.id,
    documentId: policy.documentId,
    userId: policy.userId,
    role: policy.role,
    status: policy.status,
    important: policy.important,
    subscribe: policy.subscribe,
    note: policy.note,
    metadata: policy.metadata,
    accessedAt: policy.accessedAt,
    createdAt: policy.createdAt,
    inAccount: !user.deleted && user.policies.length > 0,
    user: {
      id: user.id,
      name: displayName(user),
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      avatar: user.avatar,
    },
  };
}
export type PresentedPolicy = ReturnType<typeof presentPolicy>;

export const policyNotFound = () => new AppError(AppErrorCode.NOT_FOUND, { message: "Access not found." });
export const memberNotFound = () => new AppError(AppErrorCode.NOT_FOUND, { message: "This person is not a member of the workspace." });
export const fieldError = (field: string, code: string, message: string) =>
  new AppError(AppErrorCode.VALIDATION_FAILED, {
    message,
    params: { fields: field },
    details: { fields: [{ path: field, code, message }] },
  });

/** An active member of the account (never another account's user, never a deleted one); NOT_FOUND otherwise. */
export async function requireActiveMember(accountId: string, userId: string) {
  const membership = await db.accountPolicy.findFirst({
    where: { accountId, userId, status: "active", user: { deleted: false } },
    select: {
      role: { select: { name: true, global: true, permissions: true } },
      user: { select: { id: true, firstName: true, lastName: true, email: true, language: true } },
    },
  });
  if (!membership) throw memberNotFound();
  return { ...membership.user, managesDocuments: rolePermissions(membership.role).includes("ManageDocuments") };
}
export type Member = Awaited<ReturnType<typeof requireActiveMember>>;

/** Guests (no ManageDocuments) are given at most commenter: refused, not silently lowered. */
export function assertRoleFits(member: Member, role: DocumentRoleName) {
  if (!member.managesDocuments && !roleAtLeast(GUEST_MAX_DOCUMENT_ROLE, role)) {
    throw fieldError("role", "guest_role", `Members without document rights can be given at most the ${GUEST_MAX_DOCUMENT_ROLE} role.`);
  }
}

/** A policy of the caller's account; NOT_FOUND otherwise. */
export async function requirePolicy(accountId: string, policyId: string) {
  const policy = policyId.length <= 64 ? await db.documentPolicy.findFirst({ where: { id: policyId, accountId } }) : null;
  if (!policy) throw policyNotFound();
  return policy;
}

/** The caller's role on a policy's document; someone who cannot see the document does not learn the policy exists. */
export async function requireRoleOnPolicyDocument(ctx: ServiceContext, policy: DocumentPolicy, min: DocumentRoleName) {
  try {
    return await requireDocumentRole(ctx, policy.documentId, min);
  } catch (error) {
    if (isAppError(error) && error.code === AppErrorCode.NOT_FOUND) throw policyNotFound();
    throw error;
  }
}

/** Throws LAST_DOCUMENT_OWNER unless an active owner, still an active member, remains besides the policies `policyIds`. */
export async function assertKeepsAnOwner(tx: Prisma.TransactionClient, accountId: string, documentId: string, policyIds: string[]) {
  const others = await tx.documentPolicy.count({
    where: {
      accountId,
      documentId,
      id: { notIn: policyIds },
      role: "owner",
      status: "active",
      user: { deleted: false, policies: { some: { accountId, status: "active" } } },
    },
  });
  if (others === 0) {
    throw new AppError(AppErrorCode.LAST_DOCUMENT_OWNER, {
      message: "A document needs at least one owner. Make someone else owner first.",
    });
  }
}

export const auditPolicy = (
  ctx: ServiceContext,
  tx: Prisma.TransactionClient,
  eventType: string,
  policy: DocumentPolicy,
  payload: Prisma.InputJsonObject,
) =>
  recordAudit(tx, ctx, {
    eventType,
    targetType: "documentPolicy",
    targetId: policy.id,
    targetContext: policy.documentId,
    toUserId: policy.userId,
    payload,
  });

/**
 * SECURITY-CRITICAL. Who has which role on a document (spec DocumentPolicy, sections 3, 4 and 6):
 * granting and changing roles, handing over ownership, and the last access of each person
 * (removing: remove-document-policies.ts; access requests: access-requests.ts; the shared
 * checks: policy-rules.ts). The rules are in docs/permissions.md ("Granting
 * document roles"); what a role allows is lib/documents/access.ts. A change here comes with a test
 * showing that a lesser role, or another account, still cannot do what it could not.
 */
import { z } from "zod";
import { db, queryPrepared } from "@/lib/db";
import { Prisma, type DocumentRoleName } from "@/lib/generated/prisma/client";
import type { AccountContext, ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { prepareEmailDelivery } from "@/lib/email/send-email";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { WITH_FOLLOW_UPS } from "@/lib/jobs/job";
import { getTranslator } from "@/lib/i18n/messages";
import { displayName } from "@/lib/users/person";
import { DOCUMENT_ROLES, forgetDocumentRoles, requireDocumentRole } from "./access";
import { actorName, sendAccessEmail } from "./access-emails";
import { lockDocumentRow } from "@/lib/database/lock-row";
import {
  assertKeepsAnOwner,
  assertRoleFits,
  auditPolicy,
  fieldError,
  policyInclude,
  presentPolicy,
  requireActiveMember,
  type PresentedPolicy,
} from "./policy-rules";
import { idString } from "@/lib/validation/ids";

/** Spec section 9: "Last-active document policies show 5". */
export const LAST_ACTIVE_POLICIES = 5;
/** touchDocumentAccess writes at most once in this window per person and document. */
export const ACCESS_TOUCH_INTERVAL_MS = 5 * 60_000;
/** A document's access list is not paged; this bounds one answer. */
export const POLICIES_MAX = 1000;

/**
 * What each document role may do (spec DocumentRole.permissions), cumulative as in spec section
 * 6. The strings are ours: the spec describes the roles in words only.
 */
export const DOCUMENT_ROLE_PERMISSIONS: Record<DocumentRoleName, readonly string[]> = (() => {
  const added: Record<DocumentRoleName, string[]> = {
    reader: ["ViewElements", "ViewApprovals", "ViewAttachments", "ViewSignatures", "ViewFlows"],
    commenter: ["ViewComments", "ManageComments"],
    reviewer: ["ViewSuggestions", "ManageSuggestions"],
    editor: ["ManageContent", "ManageVersions", "ManageReviews", "ManageShares"],
    owner: ["ChangeOwner", "UpdateSettings", "DeleteDocument"],
  };
  let held: string[] = [];
  return Object.fromEntries(DOCUMENT_ROLES.map((role) => [role, (held = [...held, ...added[role]])])) as Record<DocumentRoleName, string[]>;
})();

/** The five document roles as the spec's DocumentRole: the id is the role's name, all global. */
export function documentRoleList(ctx: ServiceContext) {
  const t = getTranslator(ctx.locale);
  return DOCUMENT_ROLES.map((name) => ({
    id: name,
    name,
    label: t(`documents.roles.${name}`),
    global: true,
    permissions: [...DOCUMENT_ROLE_PERMISSIONS[name]],
  }));
}

const id = idString();
export const documentRoleSchema = z.enum(DOCUMENT_ROLES);

export const upsertDocumentPolicySchema = z
  .object({
    userId: id,
    role: documentRoleSchema,
    note: z.string().trim().max(500).nullable().optional(),
    important: z.boolean().optional(),
    subscribe: z.boolean().optional(),
  })
  .strict();
export type UpsertDocumentPolicyInput = z.infer<typeof upsertDocumentPolicySchema>;

export const answerAccessRequestSchema = z.object({ accept: z.boolean(), role: documentRoleSchema.optional() }).strict();
export type AnswerAccessRequestInput = z.infer<typeof answerAccessRequestSchema>;

export const transferOwnershipSchema = z.object({ userId: id }).strict();

/** bulkDeletePolicies and its REST twin. */
export const documentPolicyIdsSchema = z.object({ ids: z.array(id).min(1).max(100) }).strict();

/** GET /vapp/documents/{id}/policies?lastActive=true gives the 5 most recently active. */
export const policyListSchema = z.object({ lastActive: z.enum(["true", "false"]).optional() }).strict();

/**
 * Who has access to a document: active policies for anyone who sees it (reader), plus the
 * pending requests for its owners. NOT_FOUND when the caller cannot see the document.
 */
export async function findDocumentPolicies(ctx: ServiceContext, documentId: string): Promise<PresentedPolicy[]> {
  const { accountId } = accountScope(ctx);
  const { document, role } = await requireDocumentRole(ctx, documentId, "reader");
  const rows = await db.documentPolicy.findMany({
    where: { accountId, documentId: document.id, status: { in: role === "owner" ? ["active", "requested"] : ["active"] } },
    include: policyInclude(accountId),
    orderBy: [{ status: "asc" }, { role: "desc" }, { createdAt: "asc" }],
    take: POLICIES_MAX,
  });
  return rows.map(presentPolicy);
}

/** The 5 people who opened the document most recently (spec section 9). Needs reader. */
export async function lastActiveDocumentPolicies(ctx: ServiceContext, documentId: string): Promise<PresentedPolicy[]> {
  const { accountId } = accountScope(ctx);
  const { document } = await requireDocumentRole(ctx, documentId, "reader");
  const rows = await db.documentPolicy.findMany({
    where: { accountId, documentId: document.id, status: "active", accessedAt: { not: null } },
    include: policyInclude(accountId),
    orderBy: { accessedAt: "desc" },
    take: LAST_ACTIVE_POLICIES,
  });
  return rows.map(presentPolicy);
}

/**
 * Records that the caller opened the document: sets accessedAt on their own active policy, at
 * most once every 5 minutes (one UPDATE, nothing when there is no policy). Not audited: it is a
 * read, and the document's views are not audit events. Returns whether it wrote.
 */
export async function touchDocumentAccess(ctx: ServiceContext, documentId: string): Promise<boolean> {
  const { accountId } = accountScope(ctx);
  const now = new Date();
  const { count } = await db.documentPolicy.updateMany({
    where: {
      accountId,
      documentId,
      userId: (ctx as AccountContext).userId,
      status: "active",
      OR: [{ accessedAt: null }, { accessedAt: { lt: new Date(now.getTime() - ACCESS_TOUCH_INTERVAL_MS) } }],
    },
    data: { accessedAt: now },
  });
  return count > 0;
}

/**
 * Gives a colleague a role on the document, or changes their role, note or flags. Editors
 * grant and change reader … editor; the owner role, and any change to an owner's policy, needs
 * owner (FORBIDDEN otherwise). The person must be an active member of the caller's account
 * (NOT_FOUND otherwise); a member without ManageDocuments gets at most commenter
 * (VALIDATION_FAILED). Demoting the last owner is LAST_DOCUMENT_OWNER. An open request or a
 * refused one becomes an active policy. The person is emailed when their role is new or changed.
 */
export async function upsertDocumentPolicy(
  ctx: ServiceContext,
  documentId: string,
  input: UpsertDocumentPolicyInput,
): Promise<PresentedPolicy> {
  const { accountId } = accountScope(ctx);
  const { document, role: callerRole } = await requireDocumentRole(ctx, documentId, "editor");
  const member = await requireActiveMember(accountId, input.userId);
  assertRoleFits(member, input.role);
  await prepareEmailDelivery();
  const row = await db.$transaction(async (tx) => {
    await lockDocumentRow(tx, document.id);
    const existing = await tx.documentPolicy.findUnique({ where: { documentId_userId: { documentId: document.id, userId: member.id } } });
    const wasOwner = existing?.status === "active" && existing.role === "owner";
    if ((input.role === "owner" || wasOwner) && callerRole !== "owner") {
      throw new AppError(AppErrorCode.FORBIDDEN, {
        message: "Only an owner of the document can give the owner role or change an owner's access.",
      });
    }
    if (wasOwner && input.role !== "owner") await assertKeepsAnOwner(tx, accountId, document.id, [existing.id]);
    const data = { role: input.role, status: "active" as const, note: input.note, important: input.important, subscribe: input.subscribe };
    const saved = existing
      ? await tx.documentPolicy.update({ where: { id: existing.id }, data, include: policyInclude(accountId) })
      : await tx.documentPolicy.create({
          data: { ...data, accountId, documentId: document.id, userId: member.id },
          include: policyInclude(accountId),
        });
    const granted = !existing || existing.status !== "active";
    await auditPolicy(ctx, tx, granted ? "document.policyGranted" : "document.policyUpdated", saved, {
      userId: member.id,
      role: input.role,
    });
    const event = granted ? ("granted" as const) : existing.role !== input.role ? ("roleChanged" as const) : null;
    // The role is stored with its email (issue 37).
    if (event && member.id !== ctx.userId) {
      const actor = await actorName(ctx, tx);
      await sendAccessEmail(tx, member, event, `/d/${document.id}/view`, { name: actor, document: document.name, role: input.role });
    }
    return saved;
  }, WITH_FOLLOW_UPS);
  forgetDocumentRoles(ctx);
  return presentPolicy(row);
}

/**
 * Hands the document over (spec: the owner "changes owner"): `userId` becomes owner and the
 * caller's own owner policy becomes editor, in one transaction. Needs owner; the new owner must
 * be an active member with ManageDocuments (NOT_FOUND / VALIDATION_FAILED) other than the caller.
 * An account administrator without an owner policy hands over without losing anything (they act
 * as owner anyway). Other owners keep their role. The new owner is emailed.
 */
export async function transferDocumentOwnership(ctx: ServiceContext, documentId: string, userId: string): Promise<PresentedPolicy> {
  const { accountId } = accountScope(ctx);
  const { document } = await requireDocumentRole(ctx, documentId, "owner");
  if (userId === ctx.userId) throw fieldError("userId", "self", "Choose someone else to own the document.");
  const member = await requireActiveMember(accountId, userId);
  if (!member.managesDocuments) throw fieldError("userId", "cannot_manage_documents", "The new owner must be allowed to manage documents.");
  await prepareEmailDelivery();
  const row = await db.$transaction(async (tx) => {
    await lockDocumentRow(tx, document.id);
    const saved = await tx.documentPolicy.upsert({
      where: { documentId_userId: { documentId: document.id, userId } },
      create: { accountId, documentId: document.id, userId, role: "owner", status: "active" },
      update: { role: "owner", status: "active" },
      include: policyInclude(accountId),
    });
    const { count } = await tx.documentPolicy.updateMany({
      where: { accountId, documentId: document.id, userId: ctx.userId!, role: "owner", status: "active" },
      data: { role: "editor" },
    });
    await auditPolicy(ctx, tx, "document.ownershipTransferred", saved, {
      userId,
      role: "owner",
      previousOwnerId: ctx.userId,
      previousOwnerRole: count ? "editor" : null,
    });
    // The new owner's email is stored with the handover (issue 37).
    await sendAccessEmail(tx, member, "ownership", `/d/${document.id}/view`, { name: await actorName(ctx, tx), document: document.name });
    return saved;
  }, WITH_FOLLOW_UPS);
  forgetDocumentRoles(ctx);
  return presentPolicy(row);
}

/** How many members the access panel offers, the earliest to join first. */
const SHAREABLE_MEMBERS_MAX = 500;

/**
 * The workspace's active members an editor may give a role on the document (the access panel's
 * choices). One prepared statement through the driver (lib/db.ts queryPrepared): the document
 * screen asks on every load by someone who may share.
 */
export async function findShareableMembers(ctx: ServiceContext, documentId: string) {
  const { accountId } = accountScope(ctx);
  await requireDocumentRole(ctx, documentId, "editor");
  const members = await queryPrepared<{ id: string; firstName: string; lastName: string; email: string }>(Prisma.sql`
    SELECT u.id, u."firstName", u."lastName", u.email FROM "AccountPolicy" p JOIN "User" u ON u.id = p."userId"
    WHERE p."accountId" = ${accountId} AND p.status = 'active' AND NOT u.deleted
    ORDER BY p."createdAt", p.id LIMIT ${SHAREABLE_MEMBERS_MAX}`);
  return members.map((user) => ({ id: user.id, name: displayName(user), email: user.email }));
}

/**
 * SECURITY-CRITICAL. Who has which role on a document (spec DocumentPolicy, sections 3, 4 and 6):
 * granting and changing roles, removing them, access requests and their answers, handing over
 * ownership, and the last access of each person. The rules are in docs/permissions.md ("Granting
 * document roles"); what a role allows is lib/documents/access.ts. A change here comes with a test
 * showing that a lesser role, or another account, still cannot do what it could not.
 */
import { z } from "zod";
import { db } from "@/lib/db";
import type { DocumentPolicy, DocumentRoleName, Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { AccountContext, ServiceContext } from "@/lib/auth/context";
import { assertCan, rolePermissions } from "@/lib/auth/permissions";
import { GLOBAL_ROLE_IDS } from "@/lib/accounts/create-account";
import { accountScope } from "@/lib/accounts/scope";
import { appUrl, deliverEmail, layoutEmail } from "@/lib/email/send-email";
import { AppError, AppErrorCode, isAppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/http/parse-input";
import { DEFAULT_LOCALE, matchLocale, type Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/messages";
import { DOCUMENT_ROLES, documentRole, forgetDocumentRoles, requireDocumentRole, roleAtLeast } from "./access";
import { displayName } from "@/lib/users/person";

/** The most a member without ManageDocuments (a Guest) may hold; access.ts caps them there too. */
export const GUEST_MAX_DOCUMENT_ROLE: DocumentRoleName = "commenter";
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

const id = z.string().min(1).max(64);
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
export type UpsertDocumentPolicyInput = z.input<typeof upsertDocumentPolicySchema>;

export const answerAccessRequestSchema = z.object({ accept: z.boolean(), role: documentRoleSchema.optional() }).strict();
export type AnswerAccessRequestInput = z.input<typeof answerAccessRequestSchema>;

export const transferOwnershipSchema = z.object({ userId: id }).strict();

/** bulkDeletePolicies and its REST twin. */
export const documentPolicyIdsSchema = z.object({ ids: z.array(id).min(1).max(100) }).strict();

/** GET /vapp/documents/{id}/policies?lastActive=true gives the 5 most recently active. */
export const policyListSchema = z.object({ lastActive: z.enum(["true", "false"]).optional() }).strict();

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
type PolicyRow = Prisma.DocumentPolicyGetPayload<{ include: ReturnType<typeof policyInclude> }>;

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

const policyNotFound = () => new AppError(AppErrorCode.NOT_FOUND, { message: "Access not found." });
const memberNotFound = () => new AppError(AppErrorCode.NOT_FOUND, { message: "This person is not a member of the workspace." });
const fieldError = (field: string, code: string, message: string) =>
  new AppError(AppErrorCode.VALIDATION_FAILED, {
    message,
    params: { fields: field },
    details: { fields: [{ path: field, code, message }] },
  });

/** An active member of the account (never another account's user, never a deleted one); NOT_FOUND otherwise. */
async function requireActiveMember(accountId: string, userId: string) {
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
type Member = Awaited<ReturnType<typeof requireActiveMember>>;

/** Guests (no ManageDocuments) are given at most commenter: refused, not silently lowered. */
function assertRoleFits(member: Member, role: DocumentRoleName) {
  if (!member.managesDocuments && !roleAtLeast(GUEST_MAX_DOCUMENT_ROLE, role)) {
    throw fieldError("role", "guest_role", `Members without document rights can be given at most the ${GUEST_MAX_DOCUMENT_ROLE} role.`);
  }
}

/** A policy of the caller's account; NOT_FOUND otherwise. */
async function requirePolicy(accountId: string, policyId: string) {
  const policy = policyId.length <= 64 ? await db.documentPolicy.findFirst({ where: { id: policyId, accountId } }) : null;
  if (!policy) throw policyNotFound();
  return policy;
}

/** The caller's role on a policy's document; someone who cannot see the document does not learn the policy exists. */
async function requireRoleOnPolicyDocument(ctx: ServiceContext, policy: DocumentPolicy, min: DocumentRoleName) {
  try {
    return await requireDocumentRole(ctx, policy.documentId, min);
  } catch (error) {
    if (isAppError(error) && error.code === AppErrorCode.NOT_FOUND) throw policyNotFound();
    throw error;
  }
}

/**
 * Serialises the changes of one document's policies: the "one owner left" count and the write
 * that follows it cannot interleave with another transaction's.
 */
async function lockDocumentRow(tx: Prisma.TransactionClient, documentId: string) {
  await tx.$queryRaw`SELECT id FROM "Document" WHERE id = ${documentId} FOR UPDATE`;
}

/** Throws LAST_DOCUMENT_OWNER unless an active owner, still an active member, remains besides the policies `policyIds`. */
async function assertKeepsAnOwner(tx: Prisma.TransactionClient, accountId: string, documentId: string, policyIds: string[]) {
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

const auditPolicy = (
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
  raw: UpsertDocumentPolicyInput,
): Promise<PresentedPolicy> {
  const { accountId } = accountScope(ctx);
  const input = parseInput(upsertDocumentPolicySchema, raw, "upsertPolicy");
  const { document, role: callerRole } = await requireDocumentRole(ctx, documentId, "editor");
  const member = await requireActiveMember(accountId, input.userId);
  assertRoleFits(member, input.role);
  const { row, event } = await db.$transaction(async (tx) => {
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
    return { row: saved, event: granted ? ("granted" as const) : existing.role !== input.role ? ("roleChanged" as const) : null };
  });
  if (event && member.id !== ctx.userId) {
    const actor = await actorName(ctx);
    await sendAccessEmail(member, event, `/d/${document.id}/view`, { name: actor, document: document.name, role: input.role });
  }
  forgetDocumentRoles(ctx);
  return presentPolicy(row);
}

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

/**
 * A member who cannot see a document asks for access (spec registerAccessDocumentPolicy): a
 * 'requested' reader policy, or a refused one re-opened; with the account setting
 * autoApproveDocPolicy it is active at once. The document is looked up by id in the caller's
 * account only (NOT_FOUND otherwise, another account's included) and nothing of it is returned
 * but the policy. CONFLICT when the caller already sees it. The owners (else the workspace
 * administrators) are emailed; asking again while a request is open changes nothing.
 */
export async function registerAccessDocumentPolicy(ctx: ServiceContext, documentId: string): Promise<PresentedPolicy> {
  const { accountId } = accountScope(ctx);
  assertCan(ctx, ["ViewDocuments", "ManageDocuments"]);
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
    return saved;
  });
  if (!autoApprove) {
    const requester = row.user;
    for (const owner of await requestRecipients(accountId, document.id)) {
      await sendAccessEmail(owner, "requested", `/d/${document.id}/view`, {
        name: displayName(requester),
        email: requester.email,
        document: document.name,
      });
    }
  }
  forgetDocumentRoles(ctx);
  return presentPolicy(row);
}

/**
 * An owner answers a request: accept makes it an active policy with `role` (reader by default,
 * same limits as granting), refuse marks it refused. NOT_FOUND for a policy the caller cannot
 * reach, FORBIDDEN below owner, CONFLICT when it is not a pending request. The requester is
 * emailed; the refusal does not name the document.
 */
export async function answerAccessRequest(ctx: ServiceContext, policyId: string, raw: AnswerAccessRequestInput): Promise<PresentedPolicy> {
  const { accountId } = accountScope(ctx);
  const input = parseInput(answerAccessRequestSchema, raw, "answerAccessRequest");
  const policy = await requirePolicy(accountId, policyId);
  const { document } = await requireRoleOnPolicyDocument(ctx, policy, "owner");
  const role = input.role ?? "reader";
  const member = input.accept ? await requireActiveMember(accountId, policy.userId) : null;
  if (member) assertRoleFits(member, role);
  const row = await db.$transaction(async (tx) => {
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
    return saved;
  });
  const actor = await actorName(ctx);
  if (input.accept) await sendAccessEmail(member!, "accepted", `/d/${document.id}/view`, { name: actor, document: document.name, role });
  const presented = presentPolicy(row);
  if (!input.accept && presented.inAccount) await sendAccessEmail(row.user, "refused", "/docs", { name: actor });
  forgetDocumentRoles(ctx);
  return presented;
}

/**
 * Hands the document over (spec: the owner "changes owner"): `userId` becomes owner and the
 * caller's own owner policy becomes editor, in one transaction. Needs owner; the new owner must
 * be an active member with ManageDocuments (NOT_FOUND / VALIDATION_FAILED) other than the caller.
 * An account administrator without an owner policy hands over without losing anything (they act
 * as owner anyway). Other owners keep their role. The new owner is emailed.
 */
export async function transferDocumentOwnership(ctx: ServiceContext, documentId: string, rawUserId: string): Promise<PresentedPolicy> {
  const { accountId } = accountScope(ctx);
  const { userId } = parseInput(transferOwnershipSchema, { userId: rawUserId }, "transferDocumentOwnership");
  const { document } = await requireDocumentRole(ctx, documentId, "owner");
  if (userId === ctx.userId) throw fieldError("userId", "self", "Choose someone else to own the document.");
  const member = await requireActiveMember(accountId, userId);
  if (!member.managesDocuments) throw fieldError("userId", "cannot_manage_documents", "The new owner must be allowed to manage documents.");
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
    return saved;
  });
  await sendAccessEmail(member, "ownership", `/d/${document.id}/view`, { name: await actorName(ctx), document: document.name });
  forgetDocumentRoles(ctx);
  return presentPolicy(row);
}

// ---------------------------------------------------------------------------------------------
// Emails (messages `documentAccessEmail`), in the recipient's language. None of the spec's
// emailPreferences (successApprovals, docSigned, signs, tips) is about sharing, so these are
// always sent.

type AccessEmail = "granted" | "roleChanged" | "requested" | "accepted" | "refused" | "ownership";
type Recipient = { email: string; language: string | null };

async function actorName(ctx: ServiceContext): Promise<string> {
  const user = ctx.userId
    ? await db.user.findUnique({ where: { id: ctx.userId }, select: { firstName: true, lastName: true, email: true } })
    : null;
  return user ? displayName(user) : "";
}

/** Whom a request is sent to: the document's active owners who are active members, else the workspace administrators. */
async function requestRecipients(accountId: string, documentId: string): Promise<Recipient[]> {
  const select = { email: true, language: true } as const;
  const owners = await db.user.findMany({
    where: {
      deleted: false,
      documentPolicies: { some: { accountId, documentId, role: "owner", status: "active" } },
      policies: { some: { accountId, status: "active" } },
    },
    select,
  });
  if (owners.length) return owners;
  return db.user.findMany({
    where: {
      deleted: false,
      policies: {
        some: {
          accountId,
          status: "active",
          role: { OR: [{ id: GLOBAL_ROLE_IDS.Administrator }, { global: false, permissions: { has: "ManageAccount" } }] },
        },
      },
    },
    select,
    take: 20,
  });
}

/** One access email in the recipient's language. `params.role` is a role name, shown translated. */
export function renderAccessEmail(input: { locale: Locale; kind: AccessEmail; url: string; params: Record<string, string> }) {
  const t = getTranslator(input.locale);
  const params = { ...input.params, ...(input.params.role ? { role: t(`documents.roles.${input.params.role as DocumentRoleName}`) } : {}) };
  const key = `documentAccessEmail.${input.kind}` as const;
  return layoutEmail({
    locale: input.locale,
    subject: t(`${key}.subject`, params),
    heading: t(`${key}.heading`, params),
    body: t(`${key}.body`, params),
    button: t(`${key}.button`, params),
    url: input.url,
    footer: t("documentAccessEmail.footer"),
  });
}

/** Sends after the change is committed: a failed email is logged and does not undo the access. */
async function sendAccessEmail(to: Recipient, kind: AccessEmail, path: string, params: Record<string, string>): Promise<void> {
  const locale = matchLocale(to.language) ?? DEFAULT_LOCALE;
  try {
    const rendered = renderAccessEmail({ locale, kind, url: `${appUrl()}${path}`, params });
    await deliverEmail({ to: to.email, template: `documentAccess.${kind}`, locale, ...rendered });
  } catch (error) {
    console.error("Document access email failed", error);
  }
}

/** The workspace's active members an editor may give a role on the document (the access panel's choices). */
export async function findShareableMembers(ctx: ServiceContext, documentId: string) {
  const { accountId } = accountScope(ctx);
  await requireDocumentRole(ctx, documentId, "editor");
  const members = await db.accountPolicy.findMany({
    where: { accountId, status: "active", user: { deleted: false } },
    select: { user: { select: { id: true, firstName: true, lastName: true, email: true } } },
    orderBy: { createdAt: "asc" },
    take: 500,
  });
  return members.map(({ user }) => ({ id: user.id, name: displayName(user), email: user.email }));
}

/**
 * SECURITY-CRITICAL. Who may do what on a document (spec section 6, document roles), our
 * mapping recorded in docs/permissions.md:
 * - an active DocumentPolicy gives its role (the author gets owner at creation);
 * - account administrators (ManageAccount) act as owner on every document of the account;
 * - ViewAllDocuments, or the account setting repositoryViewAllDocs with ViewDocuments, gives
 *   reader on the others;
 * - anyone else does not see the document at all (NOT_FOUND), except through request access.
 * A change here comes with a test showing a lesser role still cannot do what it could not.
 */
import { db } from "@/lib/db";
import type { DocumentRoleName, Prisma } from "@/lib/generated/prisma/client";
import { can } from "@/lib/auth/permissions";
import type { AccountContext, ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";

export const DOCUMENT_ROLES = ["reader", "commenter", "reviewer", "editor", "owner"] as const satisfies readonly DocumentRoleName[];

/** Cumulative: each role holds the rights of the ones before it. */
export const roleAtLeast = (role: DocumentRoleName | null, min: DocumentRoleName) => role !== null && DOCUMENT_ROLES.indexOf(role) >= DOCUMENT_ROLES.indexOf(min);

/** What each role may do, for screens that show or hide actions. */
export function documentAbilities(role: DocumentRoleName | null) {
  return {
    view: roleAtLeast(role, "reader"),
    comment: roleAtLeast(role, "commenter"),
    suggest: roleAtLeast(role, "reviewer"),
    edit: roleAtLeast(role, "editor"),
    share: roleAtLeast(role, "editor"),
    manage: roleAtLeast(role, "owner"),
  };
}

const notFound = () => new AppError(AppErrorCode.NOT_FOUND, { message: "Document not found." });

/** Whether the caller sees every document of the account (then as reader at least). */
export async function seesAllDocuments(ctx: AccountContext): Promise<boolean> {
  if (can(ctx, ["ManageAccount", "ViewAllDocuments"])) return true;
  if (!can(ctx, "ViewDocuments")) return false;
  const account = await db.account.findUnique({ where: { id: ctx.accountId }, select: { settings: true } });
  return !!(account?.settings as { repositoryViewAllDocs?: boolean } | null)?.repositoryViewAllDocs;
}

/** The `where` that limits a document query to what the caller may see. */
export async function visibleDocumentsWhere(ctx: ServiceContext): Promise<Prisma.DocumentWhereInput> {
  const { accountId } = accountScope(ctx);
  const actx = ctx as AccountContext;
  if (!can(ctx, ["ViewDocuments", "ManageDocuments", "ViewAllDocuments"])) return { accountId, id: "" };
  if (await seesAllDocuments(actx)) return { accountId };
  return { accountId, policies: { some: { userId: actx.userId, status: "active" } } };
}

/** The caller's role on a document of their account; null when they may not see it. */
export async function documentRole(
  ctx: ServiceContext,
  document: { id: string; policies?: { userId: string; role: DocumentRoleName; status: string }[] },
  seesAll?: boolean,
): Promise<DocumentRoleName | null> {
  const actx = ctx as AccountContext;
  if (can(ctx, "ManageAccount")) return "owner";
  const policy =
    document.policies?.find((p) => p.userId === actx.userId && p.status === "active") ??
    (document.policies ? undefined : await db.documentPolicy.findFirst({ where: { documentId: document.id, userId: actx.userId, status: "active" } }));
  if (policy && can(ctx, ["ViewDocuments", "ManageDocuments"])) {
    // Without ManageDocuments (a Guest) nobody goes beyond commenting.
    return can(ctx, "ManageDocuments") ? policy.role : roleAtLeast(policy.role, "commenter") ? "commenter" : policy.role;
  }
  return (seesAll ?? (await seesAllDocuments(actx))) ? "reader" : null;
}

/**
 * Loads a document of the caller's account and checks their role is at least `min`.
 * NOT_FOUND when they cannot see it (another account's included), FORBIDDEN when they see it
 * with a lesser role.
 */
export async function requireDocumentRole<T extends Prisma.DocumentInclude>(ctx: ServiceContext, documentId: string, min: DocumentRoleName, include?: T) {
  const { accountId } = accountScope(ctx);
  const document = await db.document.findFirst({
    where: { id: documentId, accountId },
    include: { ...(include ?? {}), policies: { where: { userId: ctx.userId! } } } as T & { policies: { where: { userId: string } } },
  });
  if (!document) throw notFound();
  const role = await documentRole(ctx, document as unknown as { id: string; policies: { userId: string; role: DocumentRoleName; status: string }[] });
  if (!role) throw notFound();
  if (!roleAtLeast(role, min)) throw new AppError(AppErrorCode.FORBIDDEN, { message: "Your role on this document does not allow this." });
  return { document, role };
}

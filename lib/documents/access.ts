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
import { Prisma, type DocumentRoleName } from "@/lib/generated/prisma/client";
import { can } from "@/lib/auth/permissions";
import type { AccountContext, ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";

export const DOCUMENT_ROLES = ["reader", "commenter", "reviewer", "editor", "owner"] as const satisfies readonly DocumentRoleName[];

/** Cumulative: each role holds the rights of the ones before it. */
export const roleAtLeast = (role: DocumentRoleName | null, min: DocumentRoleName) =>
  role !== null && DOCUMENT_ROLES.indexOf(role) >= DOCUMENT_ROLES.indexOf(min);

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
  return (await documentVisibility(ctx)) === "all";
}

/**
 * THE document access rule, one definition for every query: which documents of the account the
 * caller sees. "none" without a document permission; "all" for administrators, ViewAllDocuments,
 * or ViewDocuments with the account setting repositoryViewAllDocs; otherwise "policies", the
 * documents where the caller holds an active policy. visibleDocumentsWhere (Prisma),
 * visibleDocumentsSql (the raw list and search queries) and documentRole (one document) all
 * derive from it. Worked out once per request (lib/auth/request-memo.ts).
 */
export type DocumentVisibility = "none" | "all" | "policies";

export function documentVisibility(ctx: ServiceContext): Promise<DocumentVisibility> {
  const { accountId } = accountScope(ctx);
  const compute = async (): Promise<DocumentVisibility> => {
    if (!can(ctx, ["ViewDocuments", "ManageDocuments", "ViewAllDocuments"])) return "none";
    if (can(ctx, ["ManageAccount", "ViewAllDocuments"])) return "all";
    if (!can(ctx, "ViewDocuments")) return "policies";
    const account = await db.account.findUnique({ where: { id: accountId }, select: { settings: true } });
    return (account?.settings as { repositoryViewAllDocs?: boolean } | null)?.repositoryViewAllDocs ? "all" : "policies";
  };
  return ctx.request ? ctx.request.get("documents:visibility", compute) : compute();
}

/** The `where` that limits a document query to what the caller may see. */
export async function visibleDocumentsWhere(ctx: ServiceContext): Promise<Prisma.DocumentWhereInput> {
  const { accountId } = accountScope(ctx);
  switch (await documentVisibility(ctx)) {
    case "none":
      return { accountId, id: "" };
    case "all":
      return { accountId };
    case "policies":
      return { accountId, policies: { some: { userId: ctx.userId!, status: "active" } } };
  }
}

/** The same rule as SQL over `"Document" d`, for the raw list and search queries. */
export async function visibleDocumentsSql(ctx: ServiceContext): Promise<Prisma.Sql> {
  const { accountId } = accountScope(ctx);
  switch (await documentVisibility(ctx)) {
    case "none":
      return Prisma.sql`false`;
    case "all":
      return Prisma.sql`d."accountId" = ${accountId}`;
    case "policies":
      return Prisma.sql`d."accountId" = ${accountId} AND EXISTS (SELECT 1 FROM "DocumentPolicy" p WHERE p."documentId" = d.id AND p."userId" = ${ctx.userId} AND p.status = 'active')`;
  }
}

type PolicyOfCaller = { userId: string; role: DocumentRoleName; status: string };
/** Each document's role for the caller is memoised per request (lib/auth/request-memo.ts). */
const ROLE_KEY = "documents:role:";

/** Forgets the document roles this request knows: call after changing a document's policies. */
export function forgetDocumentRoles(ctx: ServiceContext): void {
  ctx.request?.forget(ROLE_KEY);
}

/** The role a caller's own active policy (or none) gives, with the account-wide rule applied. */
async function roleFrom(ctx: ServiceContext, policy: PolicyOfCaller | undefined): Promise<DocumentRoleName | null> {
  if (can(ctx, "ManageAccount")) return "owner";
  if (policy && can(ctx, ["ViewDocuments", "ManageDocuments"])) {
    // Without ManageDocuments (a Guest) nobody goes beyond commenting.
    return can(ctx, "ManageDocuments") ? policy.role : roleAtLeast(policy.role, "commenter") ? "commenter" : policy.role;
  }
  return (await documentVisibility(ctx)) === "all" ? "reader" : null;
}

/**
 * The caller's role on a document of their account; null when they may not see it. Pass the
 * document's policies when they are loaded (any user's: the caller's active one is picked).
 */
export function documentRole(ctx: ServiceContext, document: { id: string; policies?: PolicyOfCaller[] }): Promise<DocumentRoleName | null> {
  const compute = async () => {
    const userId = (ctx as AccountContext).userId;
    const policy =
      document.policies?.find((p) => p.userId === userId && p.status === "active") ??
      (document.policies
        ? undefined
        : ((await db.documentPolicy.findFirst({ where: { documentId: document.id, userId, status: "active" } })) ?? undefined));
    return roleFrom(ctx, policy);
  };
  return ctx.request ? ctx.request.get(`${ROLE_KEY}${document.id}`, compute) : compute();
}

/**
 * The caller's abilities on a list of documents of their account (list menus). At most one
 * query: none for an administrator (owner everywhere) or when each document comes with the
 * caller's policies already loaded (findDocuments' items), else their policies on all of them.
 */
export async function documentRoles(ctx: ServiceContext, documents: string[] | { id: string; policies: PolicyOfCaller[] }[]) {
  const { accountId } = accountScope(ctx);
  const ids = documents.map((d) => (typeof d === "string" ? d : d.id));
  const loaded = documents.every((d) => typeof d !== "string");
  const policies: (PolicyOfCaller & { documentId: string })[] =
    loaded || !ids.length || can(ctx, "ManageAccount")
      ? []
      : await db.documentPolicy.findMany({ where: { accountId, documentId: { in: ids }, userId: ctx.userId!, status: "active" } });
  const result = new Map<string, ReturnType<typeof documentAbilities>>();
  for (const document of documents) {
    const id = typeof document === "string" ? document : document.id;
    const own = typeof document === "string" ? policies.filter((p) => p.documentId === id) : document.policies;
    result.set(id, documentAbilities(await documentRole(ctx, { id, policies: own })));
  }
  return result;
}

/** A read-only request keeps a document's plain row for the services it calls (requireDocumentRole). */
const ROW_KEY = "documents:row:";

/**
 * Hands a document's plain row (its columns, no relation), read by the caller some other way, to
 * the role checks later in the same read-only request, so they do not read it again.
 */
export function rememberDocumentRow(ctx: ServiceContext, row: Prisma.DocumentGetPayload<object>): void {
  if (ctx.request?.readOnly) ctx.request.get(`${ROW_KEY}${row.id}`, async () => row);
}

/**
 * Loads a document of the caller's account and checks their role is at least `min`.
 * NOT_FOUND when they cannot see it (another account's included), FORBIDDEN when they see it
 * with a lesser role. A request works the role out once (lib/auth/request-memo.ts).
 */
export async function requireDocumentRole<T extends Prisma.DocumentInclude>(
  ctx: ServiceContext,
  documentId: string,
  min: DocumentRoleName,
  include?: T,
) {
  const { accountId } = accountScope(ctx);
  // The role is asked at once, so that concurrent calls of one request share its one query.
  const load = () => db.document.findFirst({ where: { id: documentId, accountId }, include: (include ?? {}) as T });
  // A request that changes nothing reads the plain row once, whichever services ask for it.
  const plain = !include || Object.keys(include).length === 0;
  const [document, role] = await Promise.all([
    plain && ctx.request?.readOnly ? ctx.request.get(`${ROW_KEY}${documentId}`, load) : load(),
    documentRole(ctx, { id: documentId }),
  ]);
  if (!document || !role) throw notFound();
  if (!roleAtLeast(role, min)) throw new AppError(AppErrorCode.FORBIDDEN, { message: "Your role on this document does not allow this." });
  return { document, role };
}

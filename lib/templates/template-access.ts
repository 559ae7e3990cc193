/**
 * SECURITY-CRITICAL. Who may see, use and change a template: the one rule, which every template
 * service, declaration and other domain's template read goes through (spec section 6; our
 * mapping in docs/permissions.md). A template belongs to its workspace as a whole: there is no
 * per-template owner or sharing.
 * - "view" (list, open, download, export, make documents from): ViewTemplates or ManageTemplates;
 * - "manage" (create, edit, move, publish, copy, replace the file, delete): ManageTemplates;
 * - without the permission, FORBIDDEN; another workspace's template, or one that does not exist,
 *   NOT_FOUND (never "forbidden", so its existence does not show).
 * A change here comes with a test showing another workspace still sees nothing
 * (tests/integration/security/operation-isolation.test.ts, tests/integration/accounts/isolation.test.ts).
 */
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { assertCan, can, type Permission } from "@/lib/auth/permissions";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";

/** The permissions each kind of access needs (any one of them), also what the declarations name. */
export const TEMPLATE_PERMISSIONS = {
  view: ["ViewTemplates", "ManageTemplates"],
  manage: ["ManageTemplates"],
} as const satisfies Record<string, readonly Permission[]>;

export type TemplateAccess = keyof typeof TEMPLATE_PERMISSIONS;

export const templateNotFound = () => new AppError(AppErrorCode.NOT_FOUND, { message: "Template not found." });

/** Whether the caller may see the workspace's templates, for screens and results that show them or not. */
export function canSeeTemplates(ctx: ServiceContext): boolean {
  return can(ctx, TEMPLATE_PERMISSIONS.view);
}

/**
 * THE `where` for template queries: checks the caller may `access` templates (UNAUTHENTICATED
 * without a workspace, FORBIDDEN without the permission) and returns the condition that limits a
 * query to their workspace's templates; its `accountId` is the caller's workspace. Add a list's
 * own filters beside it, never instead of it.
 */
export function templatesWhere(ctx: ServiceContext, access: TemplateAccess): { accountId: string } & Prisma.TemplateWhereInput {
  const scope = accountScope(ctx);
  assertCan(ctx, TEMPLATE_PERMISSIONS[access]);
  return scope;
}

type FindArgs = Omit<Prisma.TemplateFindFirstArgs, "where">;

/**
 * One template the caller may `access`, read with `args` (select or include): templatesWhere's
 * checks, then NOT_FOUND unless it is a template of their workspace. One statement.
 */
export async function requireTemplate<T extends FindArgs = object>(
  ctx: ServiceContext,
  templateId: string,
  access: TemplateAccess,
  args?: Prisma.SelectSubset<T, FindArgs>,
): Promise<Prisma.TemplateGetPayload<T>> {
  const where = templatesWhere(ctx, access);
  const template = await db.template.findFirst({ ...(args as FindArgs), where: { id: templateId, ...where } });
  if (!template) throw templateNotFound();
  return template as Prisma.TemplateGetPayload<T>;
}

import type { z } from "zod";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import { ROLE_NAMES } from "@/lib/auth/permissions";
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { accountRoleInputSchema, accountRoleUpdateSchema, accountRoleUpsertSchema } from "./account-role-schemas";
import { accountScope } from "./scope";

type Tx = Prisma.TransactionClient;

/**
 * A role may only grant what its author holds: an Administrator cannot make, say, a support role
 * and hand it to a colleague (FORBIDDEN).
 */
function assertGrantable(ctx: ServiceContext, permissions: string[]) {
  const missing = permissions.filter((permission) => !ctx.permissions.has(permission));
  if (missing.length) {
    throw new AppError(AppErrorCode.FORBIDDEN, { message: `You cannot give a role permissions you do not hold: ${missing.join(", ")}.` });
  }
}

/** Names are unique in the account, case aside, and never those of the global roles. */
async function assertFreeName(tx: Tx, accountId: string, name: string, exceptId?: string) {
  const isGlobalName = ROLE_NAMES.some((global) => global.toLowerCase() === name.toLowerCase());
  const clash =
    isGlobalName ||
    (await tx.accountRole.findFirst({
      where: { accountId, name: { equals: name, mode: "insensitive" }, NOT: exceptId ? { id: exceptId } : undefined },
      select: { id: true },
    }));
  if (clash) throw new AppError(AppErrorCode.CONFLICT, { message: "A role with this name already exists." });
}

/**
 * One of the account's own roles, for a change. A global role is FORBIDDEN (the five are the
 * same for every workspace); another account's role is NOT_FOUND.
 */
export async function getOwnRole(tx: Pick<Tx, "accountRole">, accountId: string, id: string) {
  const role = await tx.accountRole.findFirst({ where: { id, OR: [{ accountId }, { accountId: null, global: true }] } });
  if (!role) throw new AppError(AppErrorCode.NOT_FOUND, { message: "This role does not exist." });
  if (role.global || role.accountId !== accountId) {
    throw new AppError(AppErrorCode.FORBIDDEN, { message: "The built-in roles cannot be changed or deleted." });
  }
  return role;
}

/**
 * Creates a role of the caller's account with permission strings from lib/auth/permissions.ts
 * (VALIDATION_FAILED otherwise), none beyond the caller's own (FORBIDDEN), under a free name
 * (CONFLICT). Needs ManageMembers; audited.
 */
export async function createAccountRole(ctx: ServiceContext, input: z.infer<typeof accountRoleInputSchema>) {
  const { accountId } = accountScope(ctx);
  assertGrantable(ctx, input.permissions);
  return db.$transaction(async (tx) => {
    await assertFreeName(tx, accountId, input.name);
    const role = await tx.accountRole.create({
      data: {
        accountId,
        name: input.name,
        global: false,
        permissions: input.permissions,
        metadata: (input.metadata ?? {}) as Prisma.InputJsonObject,
      },
    });
    await recordAudit(tx, ctx, {
      eventType: "accountRole.created",
      targetType: "accountRole",
      targetId: role.id,
      payload: { name: role.name, permissions: role.permissions },
    });
    return role;
  });
}

/**
 * Renames a role of the caller's account or changes its permissions (same checks as creating);
 * members holding it get the new permissions on their next request. Global roles are FORBIDDEN.
 */
export async function updateAccountRole(ctx: ServiceContext, input: z.infer<typeof accountRoleUpdateSchema>) {
  const { accountId } = accountScope(ctx);
  if (input.permissions) assertGrantable(ctx, input.permissions);
  return db.$transaction(async (tx) => {
    const role = await getOwnRole(tx, accountId, input.id);
    if (input.name !== undefined) await assertFreeName(tx, accountId, input.name, role.id);
    const updated = await tx.accountRole.update({
      where: { id: role.id },
      data: { name: input.name, permissions: input.permissions, metadata: input.metadata as Prisma.InputJsonObject | undefined },
    });
    await recordAudit(tx, ctx, {
      eventType: "accountRole.updated",
      targetType: "accountRole",
      targetId: role.id,
      payload: { from: { name: role.name, permissions: role.permissions }, to: { name: updated.name, permissions: updated.permissions } },
    });
    return updated;
  });
}

/** Updates the role `id` names, or creates one without `id` (see the two above). */
export async function upsertAccountRole(ctx: ServiceContext, { id, name, permissions, metadata }: z.infer<typeof accountRoleUpsertSchema>) {
  accountScope(ctx);
  return id
    ? updateAccountRole(ctx, { id, name, permissions, metadata })
    : createAccountRole(ctx, { name: name!, permissions: permissions!, metadata });
}

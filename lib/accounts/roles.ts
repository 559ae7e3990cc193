import type { Prisma } from "@/lib/generated/prisma/client";
import { lockRow } from "@/lib/database/lock-row";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { GLOBAL_ROLE_IDS } from "./create-account";

type Tx = Pick<Prisma.TransactionClient, "accountRole" | "accountPolicy" | "$queryRaw">;

/** A role a member of `accountId` may hold (global or the account's own); NOT_FOUND otherwise. */
export async function getAssignableRole(tx: Tx, accountId: string, roleId: string) {
  const role = await tx.accountRole.findFirst({
    where: { id: roleId, OR: [{ global: true, accountId: null }, { accountId }] },
  });
  if (!role) throw new AppError(AppErrorCode.NOT_FOUND, { message: "This role does not exist.", params: {} });
  return role;
}

/**
 * Throws LAST_ADMINISTRATOR when taking `policyId` out of the Administrator role (or out of the
 * account) would leave the account without an active Administrator. Holds the account row
 * (`FOR UPDATE`) until the transaction ends, so two administrators leaving at once cannot both
 * pass the count.
 */
export async function assertKeepsAnAdministrator(tx: Tx, accountId: string, policyId: string) {
  await lockRow(tx, "Account", accountId);
  const policy = await tx.accountPolicy.findFirst({ where: { id: policyId, accountId } });
  if (!policy || policy.roleId !== GLOBAL_ROLE_IDS.Administrator || policy.status !== "active") return;
  const administrators = await tx.accountPolicy.count({
    where: { accountId, roleId: GLOBAL_ROLE_IDS.Administrator, status: "active" },
  });
  if (administrators <= 1) {
    throw new AppError(AppErrorCode.LAST_ADMINISTRATOR, {
      message: "A workspace needs at least one administrator. Make someone else administrator first.",
    });
  }
}

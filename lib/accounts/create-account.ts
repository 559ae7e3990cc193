import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { FREE_PLAN_CAPABILITIES, FREE_PLAN_LIMITS } from "./plan";

type Tx = Pick<Prisma.TransactionClient, "account" | "accountPolicy" | "audit">;

export const GLOBAL_ROLE_IDS = {
  Guest: "role_guest",
  Member: "role_member",
  Manager: "role_manager",
  Administrator: "role_administrator",
  SupportTeam: "role_support_team",
} as const;

/**
 * Creates a workspace with `ownerId` as its Administrator. Runs inside the caller's transaction
 * (registration, the seed, and later /create-account).
 */
export async function createAccountForOwner(tx: Tx, ctx: ServiceContext, input: { name: string; ownerId: string; slug?: string | null }) {
  const account = await tx.account.create({
    data: {
      name: input.name,
      slug: input.slug ?? null,
      capabilities: FREE_PLAN_CAPABILITIES,
      limits: FREE_PLAN_LIMITS,
      settings: {
        repositoryViewAllDocs: false,
        documentShareExternalAccountMembers: false,
        refBuilder: "{counter}",
        refModification: false,
        refCounter: 0,
        createTags: true,
        hiddenCategories: [],
        autoApproveDocPolicy: false,
      },
    },
  });
  const policy = await tx.accountPolicy.create({
    data: { accountId: account.id, userId: input.ownerId, roleId: GLOBAL_ROLE_IDS.Administrator },
  });
  await recordAudit(tx, ctx, {
    accountId: account.id,
    userId: input.ownerId,
    eventType: "account.created",
    targetType: "account",
    targetId: account.id,
    payload: { name: account.name },
  });
  await recordAudit(tx, ctx, {
    accountId: account.id,
    userId: input.ownerId,
    eventType: "accountPolicy.created",
    targetType: "accountPolicy",
    targetId: policy.id,
    toUserId: input.ownerId,
    payload: { role: "Administrator" },
  });
  return account;
}

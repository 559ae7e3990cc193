import { z } from "zod";
import { db } from "@/lib/db";
import { lockRow } from "@/lib/database/lock-row";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { ACCOUNT_LIMITS } from "./account-limits";
import { accountScope } from "./scope";
import { LIMITS } from "@/lib/validation/limits";

/** A CSS hex colour: #rgb or #rrggbb. */
export const colorSchema = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, { message: "color" });

const imageUrlSchema = z
  .string()
  .trim()
  .url()
  .max(2000)
  .refine((url) => /^https?:\/\//.test(url), { message: "url" });

/** The account settings of spec section 3. */
export const accountSettingsSchema = z
  .object({
    repositoryViewAllDocs: z.boolean(),
    documentShareExternalAccountMembers: z.boolean(),
    refBuilder: z.string().trim().max(ACCOUNT_LIMITS.refBuilder),
    refModification: z.boolean(),
    refCounter: z.number().int().min(0).max(ACCOUNT_LIMITS.refCounter),
    createTags: z.boolean(),
    hiddenCategories: z.array(z.string().max(LIMITS.id)).max(ACCOUNT_LIMITS.hiddenCategories),
    autoApproveDocPolicy: z.boolean(),
  })
  .partial()
  .strict();
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

export const brandSchema = z
  .object({
    primaryColor: colorSchema.nullable(),
    avatar: imageUrlSchema.nullable(),
    logo: imageUrlSchema.nullable(),
    altLogo: imageUrlSchema.nullable(),
  })
  .partial()
  .strict();

export const updateAccountSchema = z
  .object({
    name: z.string().trim().min(1).max(ACCOUNT_LIMITS.name),
    settings: accountSettingsSchema,
    brand: brandSchema,
  })
  .partial()
  .strict();
export type UpdateAccountInput = z.infer<typeof updateAccountSchema>;

/**
 * Updates the caller's workspace: name, settings and brand are merged into what is stored (only
 * the fields sent change), under the account row's lock, so a change written at the same time
 * (a brand image, a hidden category, the next document's reference counter) is kept. Needs ManageAccount.
 */
export async function updateAccount(ctx: ServiceContext, input: UpdateAccountInput) {
  const { accountId } = accountScope(ctx);
  return db.$transaction(async (tx) => {
    await lockRow(tx, "Account", accountId);
    const current = await tx.account.findUniqueOrThrow({ where: { id: accountId } });
    const merge = (stored: Prisma.JsonValue, patch: object | undefined) =>
      patch ? ({ ...(stored as object), ...patch } as Prisma.InputJsonObject) : undefined;
    const account = await tx.account.update({
      where: { id: accountId },
      data: { name: input.name, settings: merge(current.settings, input.settings), brand: merge(current.brand, input.brand) },
    });
    await recordAudit(tx, ctx, {
      eventType: "account.updated",
      targetType: "account",
      targetId: accountId,
      payload: { name: input.name, settings: input.settings, brand: input.brand } as Prisma.InputJsonObject,
    });
    return account;
  });
}

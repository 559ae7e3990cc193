import { db } from "@/lib/db";
import { lockRow } from "@/lib/database/lock-row";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { slugify } from "@/lib/text/slugify";
import type { z } from "zod";
import type { categoryInputSchema, CategoryUpdate } from "./schemas";

type CategoryInput = z.output<typeof categoryInputSchema>;

type Tx = Prisma.TransactionClient;

async function assertFreeSlug(tx: Tx, accountId: string, group: string, slug: string, exceptId?: string) {
  const clash = await tx.category.findFirst({ where: { accountId, group, slug, NOT: exceptId ? { id: exceptId } : undefined } });
  if (clash) throw new AppError(AppErrorCode.CONFLICT, { message: "A category with this name already exists." });
}

/** Creates a category of the account. Needs ManageCategories; a duplicate name is CONFLICT. */
export async function createCategory(ctx: ServiceContext, input: CategoryInput) {
  const { accountId } = accountScope(ctx);
  const slug = slugify(input.name) || "category";
  return db.$transaction(async (tx) => {
    await assertFreeSlug(tx, accountId, input.group, slug);
    const category = await tx.category.create({ data: { accountId, name: input.name, slug, group: input.group } });
    await recordAudit(tx, ctx, {
      eventType: "category.created",
      targetType: "category",
      targetId: category.id,
      payload: { name: category.name, group: category.group },
    });
    return category;
  });
}

/** Renames a category of the account (global ones cannot be renamed: NOT_FOUND). */
export async function updateCategory(ctx: ServiceContext, input: CategoryUpdate) {
  const { accountId } = accountScope(ctx);
  return db.$transaction(async (tx) => {
    const category = await tx.category.findFirst({ where: { id: input.id, accountId } });
    if (!category) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Category not found." });
    const slug = slugify(input.name) || "category";
    await assertFreeSlug(tx, accountId, category.group, slug, category.id);
    const updated = await tx.category.update({ where: { id: category.id }, data: { name: input.name, slug } });
    await recordAudit(tx, ctx, {
      eventType: "category.updated",
      targetType: "category",
      targetId: category.id,
      payload: { from: category.name, to: input.name },
    });
    return updated;
  });
}

/**
 * Creates the category, or renames it when `id` names one of the account's (its group stays: a
 * category does not move between documents and templates). Another account's id is NOT_FOUND.
 */
export async function upsertCategory(ctx: ServiceContext, input: CategoryInput & { id?: string | null }) {
  const { id, ...data } = input;
  // The create path takes no id (its schema is strict), so a null id must not reach it.
  return id ? updateCategory(ctx, { id, name: data.name }) : createCategory(ctx, data);
}

/**
 * Hides or shows a category in the account's lists. An own category changes its flag; a global
 * one is added to or removed from the account's hiddenCategories, read and written under the
 * account row's lock so other settings changed at the same time are kept.
 */
export async function setCategoryHidden(ctx: ServiceContext, input: { id: string; hidden: boolean }) {
  const { accountId } = accountScope(ctx);
  return db.$transaction(async (tx) => {
    const category = await tx.category.findFirst({ where: { id: input.id, OR: [{ accountId }, { accountId: null, global: true }] } });
    if (!category) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Category not found." });
    if (category.global) {
      await lockRow(tx, "Account", accountId);
      const account = await tx.account.findUniqueOrThrow({ where: { id: accountId }, select: { settings: true } });
      const settings = account.settings as { hiddenCategories?: string[] };
      const hidden = new Set(settings.hiddenCategories ?? []);
      if (input.hidden) hidden.add(category.id);
      else hidden.delete(category.id);
      await tx.account.update({ where: { id: accountId }, data: { settings: { ...settings, hiddenCategories: [...hidden] } } });
    } else {
      await tx.category.update({ where: { id: category.id }, data: { hidden: input.hidden } });
    }
    await recordAudit(tx, ctx, {
      eventType: input.hidden ? "category.hidden" : "category.shown",
      targetType: "category",
      targetId: category.id,
    });
    return { ...category, hidden: input.hidden };
  });
}

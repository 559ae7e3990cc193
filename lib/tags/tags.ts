import { z } from "zod";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertTagAccess } from "./tag-access";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { colorSchema } from "@/lib/accounts/update-account";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/http/parse-input";
import { idString } from "@/lib/validation/ids";
import { LIMITS } from "@/lib/validation/limits";

export const tagInputSchema = z
  .object({ name: z.string().trim().min(1).max(LIMITS.shortName), color: colorSchema.default("#7c3aed") })
  .strict();
export type TagInput = z.output<typeof tagInputSchema>;
export const tagUpdateSchema = z
  .object({ id: idString(), name: z.string().trim().min(1).max(LIMITS.shortName).optional(), color: colorSchema.optional() })
  .strict();
export type TagUpdate = z.infer<typeof tagUpdateSchema>;
/** With `id` changes what it is given of that tag; without, creates one (then `name` is required). */
export const tagUpsertSchema = tagUpdateSchema.extend({ id: idString().optional() }).strict();
export type TagUpsert = z.output<typeof tagUpsertSchema>;

/** The account's tags, by name. Any member who can see documents or templates. */
export async function findTags(ctx: ServiceContext) {
  const scope = accountScope(ctx);
  return db.tag.findMany({ where: scope, orderBy: { name: "asc" }, take: 1000 });
}

/**
 * The account's tags with how many documents and templates carry each (spec Tag.count), by name.
 * Counted on the link tables' indexes alone (a link's document or template exists: the links
 * cascade): Prisma's relation count joined every tagged document, 170 ms for 10 tags on 50,000
 * links, against 3 ms (issue 15).
 */
export async function findTagsWithUsage(ctx: ServiceContext) {
  const { accountId } = accountScope(ctx);
  return db.$queryRaw<{ id: string; name: string; color: string; count: number }[]>`
    SELECT t.id, t.name, t.color,
      ((SELECT count(*) FROM "_DocumentToTag" l WHERE l."B" = t.id) + (SELECT count(*) FROM "_TagToTemplate" l WHERE l."A" = t.id))::int AS count
    FROM "Tag" t WHERE t."accountId" = ${accountId}
    ORDER BY t.name ASC LIMIT 1000`;
}

async function assertFreeName(accountId: string, name: string, exceptId?: string) {
  const clash = await db.tag.findFirst({
    where: { accountId, name: { equals: name, mode: "insensitive" }, NOT: exceptId ? { id: exceptId } : undefined },
  });
  if (clash) throw new AppError(AppErrorCode.CONFLICT, { message: "A tag with this name already exists." });
}

/** Creates a tag; a name already used (in any case) is CONFLICT; a colour that is not one is VALIDATION_FAILED. */
export async function createTag(ctx: ServiceContext, input: TagInput) {
  const { accountId } = accountScope(ctx);
  await assertTagAccess(ctx, accountId, "create");
  await assertFreeName(accountId, input.name);
  return db.$transaction(async (tx) => {
    const tag = await tx.tag.create({ data: { accountId, name: input.name, color: input.color } });
    await recordAudit(tx, ctx, {
      eventType: "tag.created",
      targetType: "tag",
      targetId: tag.id,
      payload: { name: tag.name, color: tag.color },
    });
    return tag;
  });
}

/** Renames or recolours a tag of the account. Needs ManageTags. */
export async function updateTag(ctx: ServiceContext, input: TagUpdate) {
  const { accountId } = accountScope(ctx);
  const tag = await db.tag.findFirst({ where: { id: input.id, accountId } });
  if (!tag) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Tag not found." });
  if (input.name) await assertFreeName(accountId, input.name, tag.id);
  return db.$transaction(async (tx) => {
    const updated = await tx.tag.update({ where: { id: tag.id }, data: { name: input.name, color: input.color } });
    await recordAudit(tx, ctx, {
      eventType: "tag.updated",
      targetType: "tag",
      targetId: tag.id,
      payload: { name: input.name, color: input.color },
    });
    return updated;
  });
}

/**
 * Creates the tag (the default colour unless given), or updates it when `id` names one of the
 * account's: a name or colour not given is kept. Rules and errors of createTag and updateTag;
 * another account's id is NOT_FOUND.
 */
export async function upsertTag(ctx: ServiceContext, input: TagUpsert) {
  const { id, ...data } = input;
  if (id) {
    await assertTagAccess(ctx, accountScope(ctx).accountId, "change");
    return updateTag(ctx, { id, ...data });
  }
  // Kept: upsert's schema leaves name optional; creating needs tagInputSchema (name required, default colour): MISSING_PARAMETER.
  return createTag(ctx, parseInput(tagInputSchema, data, "upsertTag"));
}

/** Deletes tags of the account, all or none (NOT_FOUND for any other id). Needs ManageTags. */
export async function deleteTags(ctx: ServiceContext, ids: string[]) {
  const { accountId } = accountScope(ctx);
  const unique = [...new Set(ids)];
  return db.$transaction(async (tx) => {
    const found = await tx.tag.findMany({ where: { accountId, id: { in: unique } }, select: { id: true, name: true } });
    if (found.length !== unique.length) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Tag not found." });
    await tx.tag.deleteMany({ where: { accountId, id: { in: unique } } });
    for (const tag of found) {
      await recordAudit(tx, ctx, { eventType: "tag.deleted", targetType: "tag", targetId: tag.id, payload: { name: tag.name } });
    }
    return unique;
  });
}

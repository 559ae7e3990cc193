import { db } from "@/lib/db";
import { lockRow } from "@/lib/database/lock-row";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { assertOwnReferences } from "@/lib/documents/references";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { refreshTemplateSearch } from "./template-search";
import { assertValidVariables, type Variable } from "./variables";
import { requireTemplate, templatesWhere } from "./template-access";
import { type TemplateFields, templateInclude } from "./template-schemas";

/** VALIDATION_FAILED unless every field sent is one of the template's (`stored`) and they are valid together. */
function assertKnownVariables(input: Variable[], stored: Prisma.JsonValue) {
  const previous = new Set((stored as Variable[]).map((v) => v.name));
  const unknown = input.find((v) => !previous.has(v.name));
  if (unknown)
    throw new AppError(AppErrorCode.VALIDATION_FAILED, {
      message: `"${unknown.name}" is not a field of this template.`,
      params: { fields: unknown.name },
    });
  assertValidVariables(input);
}

/**
 * Updates a template's details and field definitions (validated together). Needs ManageTemplates.
 * New field definitions are checked again against the fields stored under the template row's
 * lock, so a new version uploaded at the same time (updateTemplateVersion) is not given the old
 * version's fields.
 */
export async function updateTemplate(ctx: ServiceContext, templateId: string, input: TemplateFields) {
  // The permission comes first, the template after: as every template service.
  const { accountId } = templatesWhere(ctx, "manage");
  const existing = await requireTemplate(ctx, templateId, "manage", { select: { id: true, variables: true } });
  if (input.variables) assertKnownVariables(input.variables, existing.variables);
  return db.$transaction(async (tx) => {
    if (input.variables) {
      await lockRow(tx, "Template", existing.id);
      const current = await tx.template.findUniqueOrThrow({ where: { id: existing.id }, select: { variables: true } });
      assertKnownVariables(input.variables, current.variables);
    }
    await assertOwnReferences(tx, accountId, {
      categoryId: input.categoryId,
      folderId: input.folderId,
      folderGroup: "template",
      tagIds: input.tagIds,
    });
    const template = await tx.template.update({
      where: { id: existing.id },
      data: {
        name: input.name,
        description: input.description,
        language: input.language,
        jurisdiction: input.jurisdiction,
        value: input.value,
        currency: input.currency === undefined ? undefined : (input.currency?.toUpperCase() ?? null),
        categoryId: input.categoryId,
        folderId: input.folderId,
        tags: input.tagIds ? { set: input.tagIds.map((tagId) => ({ id: tagId })) } : undefined,
        variables: input.variables as unknown as Prisma.InputJsonValue | undefined,
      },
      include: templateInclude,
    });
    await refreshTemplateSearch(tx, template.id);
    await recordAudit(tx, ctx, {
      eventType: "template.updated",
      targetType: "template",
      targetId: template.id,
      payload: { fields: Object.keys(input) },
    });
    return template;
  });
}

/** Moves a template into a template folder, or to the root (Drive) with null. */
export async function updateTemplateDestinationFolder(ctx: ServiceContext, templateId: string, destinationId: string | null) {
  return updateTemplate(ctx, templateId, { folderId: destinationId });
}

import { db } from "@/lib/db";
import { assertCan, can } from "@/lib/auth/permissions";
import type { ServiceContext } from "@/lib/auth/context";

/**
 * Who may create and change tags, where the rule depends on data and cannot be stated on a
 * declaration: a tag is created by holders of ManageTags, and by members who manage documents or
 * templates when the workspace's createTags setting is on; changed only with ManageTags (upsertTag
 * decides between the two by its id). FORBIDDEN otherwise. Reading, renaming and deleting by their
 * own operations are checked by those declarations.
 */
export async function assertTagAccess(ctx: ServiceContext, accountId: string, access: "create" | "change") {
  if (can(ctx, "ManageTags")) return;
  if (access === "create") {
    const account = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { settings: true } });
    if ((account.settings as { createTags?: boolean }).createTags && can(ctx, ["ManageDocuments", "ManageTemplates"])) return;
  }
  assertCan(ctx, "ManageTags");
}

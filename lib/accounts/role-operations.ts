import { z } from "zod";
import { defineOperation } from "@/lib/operations/operation";
import { accountRoleInputSchema, accountRoleUpdateSchema, accountRoleUpsertSchema, idsSchema } from "./account-role-schemas";
import { deleteAccountRoles } from "./delete-account-roles";
import { findAccountRoles } from "./find-account-roles";
import { createAccountRole, updateAccountRole, upsertAccountRole } from "./save-account-role";
import { idString } from "@/lib/validation/ids";

/**
 * The workspace's roles (docs/api.md, "Members and roles"), declared once for REST and GraphQL.
 * Any member lists them; changing them needs ManageMembers. The built-in five are the same for
 * every workspace and cannot be changed; another workspace's role is NOT_FOUND.
 */
const members = { callers: ["member", "apiToken"] } as const;
const managers = { ...members, permission: "ManageMembers" } as const;

export const accountRoleSchema = z.object({
  id: z.string(),
  accountId: z.string().nullable(),
  name: z.string(),
  global: z.boolean(),
  permissions: z.array(z.string()),
  object: z.string(),
  metadata: z.unknown(),
  createdAt: z.date(),
  updatedAt: z.date(),
});

export const listAccountRoles = defineOperation({
  name: "accountRoles",
  kind: "query",
  description: "The roles a member of the workspace can hold: the built-in five and the workspace's own.",
  ...members,
  input: z.object({}),
  output: z.array(accountRoleSchema),
  run: (ctx) => findAccountRoles(ctx),
});

export const createRole = defineOperation({
  name: "createAccountRole",
  kind: "mutation",
  description: "Creates a role of the workspace with permissions its author holds, under a free name.",
  ...managers,
  input: accountRoleInputSchema,
  output: accountRoleSchema,
  run: (ctx, input) => createAccountRole(ctx, input),
});

export const updateRole = defineOperation({
  name: "updateAccountRole",
  kind: "mutation",
  description: "Renames a role of the workspace or changes its permissions or metadata.",
  ...managers,
  input: accountRoleUpdateSchema,
  output: accountRoleSchema,
  ids: ["id"],
  run: (ctx, input) => updateAccountRole(ctx, input),
});

export const upsertRole = defineOperation({
  name: "upsertAccountRole",
  kind: "mutation",
  description: "Updates the role `id` names, or creates one without `id` (then name and permissions are required).",
  ...managers,
  input: accountRoleUpsertSchema,
  output: accountRoleSchema,
  ids: ["id"],
  run: (ctx, input) => upsertAccountRole(ctx, input),
});

export const deleteRole = defineOperation({
  name: "deleteAccountRole",
  kind: "mutation",
  description: "Deletes a role of the workspace that nobody holds.",
  ...managers,
  input: z.object({ id: idString() }).strict(),
  output: z.object({ id: z.string() }),
  ids: ["id"],
  run: async (ctx, input) => ({ id: (await deleteAccountRoles(ctx, [input.id]))[0] }),
});

export const bulkDeleteRoles = defineOperation({
  name: "bulkDeleteAccountRoles",
  kind: "mutation",
  description: "Deletes several roles of the workspace that nobody holds, all or none; the ids deleted.",
  ...managers,
  input: idsSchema,
  output: z.object({ ids: z.array(z.string()) }),
  ids: ["ids"],
  run: async (ctx, input) => ({ ids: await deleteAccountRoles(ctx, input.ids) }),
});

export const roleOperations = [listAccountRoles, createRole, updateRole, upsertRole, deleteRole, bulkDeleteRoles];

import { z } from "zod";
import {
  createMember,
  deleteMember,
  deleteMembers,
  resendMemberInvitation,
  sendInvitations,
  updateMember,
  upsertMember,
} from "@/lib/accounts/member-operations";
import { accountRoleInputSchema, accountRoleUpdateSchema, accountRoleUpsertSchema, idsSchema } from "@/lib/accounts/account-role-schemas";
import { deleteAccountRoles } from "@/lib/accounts/delete-account-roles";
import { createAccountRole, updateAccountRole, upsertAccountRole } from "@/lib/accounts/save-account-role";
import { parseInput } from "@/lib/http/parse-input";
import { graphqlInput, resolveOperation, resolvePrismaOperation } from "@/lib/operations/graphql";
import { builder } from "../builder";

const idSchema = z.object({ id: z.string().min(1).max(64) });

const SendInvitationsInput = builder.inputType("SendInvitationsInput", {
  fields: (t) => ({ emails: t.stringList({ required: true }), roleId: t.id({ required: true }) }),
});

const AccountPolicyCreateInput = builder.inputType("AccountPolicyCreateInput", {
  description: "Invites one person with a role (the rules of sendInvitations).",
  fields: (t) => ({ email: t.string({ required: true }), roleId: t.id({ required: true }) }),
});

const AccountPolicyUpdateInput = builder.inputType("AccountPolicyUpdateInput", {
  fields: (t) => ({ roleId: t.id({ required: true }) }),
});

const AccountRoleInput = builder.inputType("AccountRoleInput", {
  description: "A workspace's own role. Permissions are strings of the account permission list (the `permissions` of the built-in roles).",
  fields: (t) => ({ id: t.id(), name: t.string(), permissions: t.stringList(), metadata: t.field({ type: "JSON" }) }),
});

const AccountPolicyUpsertInput = builder.inputType("AccountPolicyUpsertInput", {
  description: "With `id` (or the email of a member) changes the role or status (active, disabled); with a new email invites the person.",
  fields: (t) => ({ id: t.id(), email: t.string(), roleId: t.id(), status: t.string() }),
});

/** GraphQL gives absent fields as null or undefined: the zod schemas want them left out. */
const defined = (data: object) => Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined && v !== null));
const stringIds = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(defined(data)).map(([key, v]) => [key, key === "id" || key === "roleId" ? String(v) : v]));

builder.mutationFields((t) => ({
  createAccountRole: t.prismaField({
    type: "AccountRole",
    args: { data: t.arg({ type: AccountRoleInput, required: true }) },
    resolve: (_query, _root, { data }, { ctx }) =>
      createAccountRole(ctx, parseInput(accountRoleInputSchema, stringIds({ ...data, id: undefined }), "createAccountRole")),
  }),
  updateAccountRole: t.prismaField({
    type: "AccountRole",
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: AccountRoleInput, required: true }) },
    resolve: (_query, _root, { id, data }, { ctx }) =>
      updateAccountRole(ctx, parseInput(accountRoleUpdateSchema, { ...stringIds(data), id: String(id) }, "updateAccountRole")),
  }),
  upsertAccountRole: t.prismaField({
    type: "AccountRole",
    args: { data: t.arg({ type: AccountRoleInput, required: true }) },
    resolve: (_query, _root, { data }, { ctx }) =>
      upsertAccountRole(ctx, parseInput(accountRoleUpsertSchema, stringIds(data), "upsertAccountRole")),
  }),
  deleteAccountRole: t.field({
    type: "ID",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, { ctx }) =>
      (await deleteAccountRoles(ctx, [parseInput(idSchema, { id: String(id) }, "deleteAccountRole").id]))[0],
  }),
  bulkDeleteAccountRoles: t.field({
    type: ["ID"],
    args: { ids: t.arg.idList({ required: true }) },
    resolve: (_root, { ids }, { ctx }) =>
      deleteAccountRoles(ctx, parseInput(idsSchema, { ids: ids.map(String) }, "bulkDeleteAccountRoles").ids),
  }),
  createAccountPolicy: t.prismaField({
    type: "AccountPolicy",
    args: { data: t.arg({ type: AccountPolicyCreateInput, required: true }) },
    resolve: resolvePrismaOperation(createMember, ({ data }) => graphqlInput(data as Record<string, unknown>, ["roleId"])),
  }),
  upsertAccountPolicy: t.prismaField({
    type: "AccountPolicy",
    args: { data: t.arg({ type: AccountPolicyUpsertInput, required: true }) },
    resolve: resolvePrismaOperation(upsertMember, ({ data }) => graphqlInput(data as Record<string, unknown>, ["id", "roleId"])),
  }),
  bulkDeleteAccountPolicies: t.field({
    type: ["ID"],
    args: { ids: t.arg.idList({ required: true }) },
    resolve: resolveOperation(deleteMembers, null, (result) => result.ids),
  }),
  sendInvitations: t.prismaField({
    type: ["AccountPolicy"],
    args: { data: t.arg({ type: SendInvitationsInput, required: true }) },
    resolve: resolvePrismaOperation(sendInvitations, ({ data }) => graphqlInput(data as Record<string, unknown>, ["roleId"])),
  }),
  resendInvitation: t.prismaField({
    type: "AccountPolicy",
    args: { id: t.arg.id({ required: true }) },
    resolve: resolvePrismaOperation(resendMemberInvitation),
  }),
  updateAccountPolicy: t.prismaField({
    type: "AccountPolicy",
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: AccountPolicyUpdateInput, required: true }) },
    resolve: resolvePrismaOperation(updateMember, ({ id, data }) => graphqlInput({ id, ...(data as object) }, ["id", "roleId"])),
  }),
  deleteAccountPolicy: t.field({
    type: "ID",
    args: { id: t.arg.id({ required: true }) },
    resolve: resolveOperation(deleteMember, null, (membership) => membership.id),
  }),
}));

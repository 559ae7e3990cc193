import {
  createMember,
  deleteMember,
  deleteMembers,
  resendMemberInvitation,
  sendInvitations,
  updateMember,
  upsertMember,
} from "@/lib/accounts/member-operations";
import { bulkDeleteRoles, createRole, deleteRole, updateRole, upsertRole } from "@/lib/accounts/role-operations";
import { graphqlInput, resolveOperation, resolvePrismaOperation } from "@/lib/operations/graphql";
import { builder } from "../builder";

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

/** A role's input: its `data` (create takes no id), with the `id` argument where there is one. */
const roleData = ({ data }: Record<string, unknown>) => graphqlInput(data as Record<string, unknown>, ["id"]);

builder.mutationFields((t) => ({
  createAccountRole: t.prismaField({
    type: "AccountRole",
    args: { data: t.arg({ type: AccountRoleInput, required: true }) },
    // A new role's id is not the caller's to choose: an id in `data` is left out.
    resolve: resolvePrismaOperation(createRole, (args) =>
      Object.fromEntries(Object.entries(roleData(args)).filter(([key]) => key !== "id")),
    ),
  }),
  updateAccountRole: t.prismaField({
    type: "AccountRole",
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: AccountRoleInput, required: true }) },
    resolve: resolvePrismaOperation(updateRole, (args) => ({ ...roleData(args), id: String(args.id) })),
  }),
  upsertAccountRole: t.prismaField({
    type: "AccountRole",
    args: { data: t.arg({ type: AccountRoleInput, required: true }) },
    resolve: resolvePrismaOperation(upsertRole, roleData),
  }),
  deleteAccountRole: t.field({
    type: "ID",
    args: { id: t.arg.id({ required: true }) },
    resolve: resolveOperation(deleteRole, null, (result) => result.id),
  }),
  bulkDeleteAccountRoles: t.field({
    type: ["ID"],
    args: { ids: t.arg.idList({ required: true }) },
    resolve: resolveOperation(bulkDeleteRoles, null, (result) => result.ids),
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

import { PERMISSIONS } from "@/lib/auth/permissions";
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
import type { Operation } from "@/lib/operations/operation";
import { builder } from "../builder";
import { declaredField, type DeclaredFieldOptions, type Naming } from "../from-declarations";
import { accountNaming } from "./account";

/**
 * The workspace's roles and members (spec section 7: create, update, upsert, delete and bulk
 * delete, send invitations). Each field runs its declaration (lib/accounts/role-operations.ts,
 * member-operations.ts) and is built from it: arguments, result type, enums and description. The
 * results are the Prisma objects of ./account.ts (a member's user and role load in the same
 * statement); a deletion answers the id alone.
 */

/** The GraphQL names of the declarations' enums (the `data` arguments name their input types below). */
const naming: Naming = {
  names: new Map(),
  enums: { ...accountNaming.enums, [PERMISSIONS.join("|")]: "Permission", "active|disabled": "AccountPolicyStatusChange" },
};

/** The field of a declaration, built from it. */
const field = (t: object, operation: object, options?: DeclaredFieldOptions) =>
  declaredField(t as never, operation as Operation, naming, options) as never;

/** A deletion's answer: the id, or the ids. */
const id = { type: "ID", from: (result: { id: string }) => result.id };
const ids = { type: ["ID"], from: (result: { ids: string[] }) => result.ids };

builder.mutationFields((t) => ({
  createAccountRole: field(t, createRole, { ref: "AccountRole", prisma: true, data: { outside: [], type: "AccountRoleInput" } }),
  updateAccountRole: field(t, updateRole, { ref: "AccountRole", prisma: true, data: { outside: ["id"], type: "AccountRoleUpdateInput" } }),
  // Its input checks that a new role has a name and permissions: its fields are arguments of their own.
  upsertAccountRole: field(t, upsertRole, { ref: "AccountRole", prisma: true }),
  deleteAccountRole: field(t, deleteRole, { pick: id }),
  bulkDeleteAccountRoles: field(t, bulkDeleteRoles, { pick: ids }),
  createAccountPolicy: field(t, createMember, {
    ref: "AccountPolicy",
    prisma: true,
    data: { outside: [], type: "AccountPolicyCreateInput" },
  }),
  // Its input checks that an id or an email is given: its fields are arguments of their own.
  upsertAccountPolicy: field(t, upsertMember, { ref: "AccountPolicy", prisma: true }),
  updateAccountPolicy: field(t, updateMember, {
    ref: "AccountPolicy",
    prisma: true,
    data: { outside: ["id"], type: "AccountPolicyUpdateInput" },
  }),
  deleteAccountPolicy: field(t, deleteMember, { pick: { type: "ID", from: (membership: { id: string }) => membership.id } }),
  bulkDeleteAccountPolicies: field(t, deleteMembers, { pick: ids }),
  sendInvitations: field(t, sendInvitations, { ref: ["AccountPolicy"], prisma: true, data: { outside: [], type: "SendInvitationsInput" } }),
  resendInvitation: field(t, resendMemberInvitation, { ref: "AccountPolicy", prisma: true }),
}));

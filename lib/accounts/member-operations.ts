import { z } from "zod";
import { defineOperation } from "@/lib/operations/operation";
import { idsSchema } from "./account-role-schemas";
import { createAccountPolicy, createAccountPolicySchema } from "./create-account-policy";
import { ACCOUNT_POLICIES_DEFAULTS, findAccountPolicies, findMembers, memberPageSchema } from "./find-account-policies";
import { inviteMembers, inviteMembersSchema, resendInvitation } from "./invite-members";
import { removeMember, removeMembers, updateMemberRoleSchema, updateMemberRole } from "./manage-members";
import { membershipSchema } from "./member";
import { upsertAccountPolicy, upsertAccountPolicySchema } from "./upsert-account-policy";
import { idString } from "@/lib/validation/ids";

/**
 * The members' operations (spec section 7, "members"), declared once for REST and GraphQL
 * (lib/operations/operation.ts). All need ManageMembers; an API token acts as its member.
 */
const managers = { callers: ["member", "apiToken"], permission: "ManageMembers" } as const;
const idInput = z.object({ id: idString() }).strict();

export const listMembers = defineOperation({
  name: "accountPolicies",
  kind: "query",
  description: "The workspace's members and invitees, paged (25 by default, at most 100).",
  ...managers,
  input: z
    .object({
      page: z.coerce.number().int().min(1).optional(),
      size: z.coerce.number().int().min(1).max(100).optional(),
      orderBy: z.enum(["createdAt", "accessedAt"]).optional(),
      sortBy: z.enum(["asc", "desc"]).optional(),
      filter: z
        .object({ status: z.enum(["active", "invited", "disabled"]).optional(), search: z.string().trim().max(200).optional() })
        .strict()
        .optional(),
    })
    .strict(),
  output: memberPageSchema,
  // GraphQL passes its selection (its types shape the answer); REST gets the shaped members.
  run: async (ctx, parsed, query): Promise<unknown> => {
    // Its input has no defaults (GraphQL's arguments are all optional): the list's are written under it.
    const input = { ...ACCOUNT_POLICIES_DEFAULTS, ...parsed };
    return query ? findAccountPolicies(ctx, input, query) : findMembers(ctx, input);
  },
});

export const createMember = defineOperation({
  name: "createAccountPolicy",
  kind: "mutation",
  description: "Invites one person with a role: an invited membership and an email with /invite?token=.",
  ...managers,
  input: createAccountPolicySchema,
  output: membershipSchema,
  ids: ["roleId"],
  limit: { name: "members" },
  run: (ctx, input) => createAccountPolicy(ctx, input),
});

export const upsertMember = defineOperation({
  name: "upsertAccountPolicy",
  kind: "mutation",
  // Its members limit is checked by the service: only an invitation or a restored member adds one.
  description: "With an id (or a member's email) changes the role or status; with a new email invites the person.",
  ...managers,
  input: upsertAccountPolicySchema,
  output: membershipSchema,
  ids: ["id", "roleId"],
  run: (ctx, input) => upsertAccountPolicy(ctx, input),
});

export const updateMember = defineOperation({
  name: "updateAccountPolicy",
  kind: "mutation",
  description: "Changes a member's role.",
  ...managers,
  input: updateMemberRoleSchema,
  output: membershipSchema,
  ids: ["id", "roleId"],
  run: (ctx, input) => updateMemberRole(ctx, input),
});

export const deleteMember = defineOperation({
  name: "deleteAccountPolicy",
  kind: "mutation",
  description: "Removes a member or withdraws an invitation.",
  ...managers,
  input: idInput,
  output: membershipSchema,
  ids: ["id"],
  run: (ctx, input) => removeMember(ctx, input.id),
});

export const deleteMembers = defineOperation({
  name: "bulkDeleteAccountPolicies",
  kind: "mutation",
  description: "Removes several members or invitations, all or none; the ids removed.",
  ...managers,
  input: idsSchema,
  output: z.object({ ids: z.array(z.string()) }),
  ids: ["ids"],
  run: async (ctx, input) => ({ ids: await removeMembers(ctx, input.ids) }),
});

export const sendInvitations = defineOperation({
  name: "sendInvitations",
  kind: "mutation",
  description: "Invites people by email with a role, all or none.",
  ...managers,
  input: inviteMembersSchema,
  output: z.array(membershipSchema),
  ids: ["roleId"],
  limit: { name: "members", amount: (input) => new Set(input.emails).size },
  run: (ctx, input) => inviteMembers(ctx, input),
});

export const resendMemberInvitation = defineOperation({
  name: "resendInvitation",
  kind: "mutation",
  description: "Sends a pending invitation again with a new link; earlier links stop working.",
  ...managers,
  input: idInput,
  output: membershipSchema,
  ids: ["id"],
  run: (ctx, input) => resendInvitation(ctx, input.id),
});

export const memberOperations = [
  listMembers,
  createMember,
  upsertMember,
  updateMember,
  deleteMember,
  deleteMembers,
  sendInvitations,
  resendMemberInvitation,
];

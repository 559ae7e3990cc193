import { z } from "zod";
import { inviteMembers, inviteMembersSchema, resendInvitation } from "@/lib/accounts/invite-members";
import { removeMember, updateMemberRole, updateMemberRoleSchema } from "@/lib/accounts/manage-members";
import { parseInput } from "@/lib/http/parse-input";
import { builder } from "../builder";

const idSchema = z.object({ id: z.string().min(1).max(64) });

const SendInvitationsInput = builder.inputType("SendInvitationsInput", {
  fields: (t) => ({ emails: t.stringList({ required: true }), roleId: t.id({ required: true }) }),
});

const AccountPolicyUpdateInput = builder.inputType("AccountPolicyUpdateInput", {
  fields: (t) => ({ roleId: t.id({ required: true }) }),
});

builder.mutationFields((t) => ({
  sendInvitations: t.prismaField({
    type: ["AccountPolicy"],
    args: { data: t.arg({ type: SendInvitationsInput, required: true }) },
    resolve: (_query, _root, { data }, { ctx }) =>
      inviteMembers(ctx, parseInput(inviteMembersSchema, { emails: data.emails, roleId: String(data.roleId) }, "sendInvitations")),
  }),
  resendInvitation: t.prismaField({
    type: "AccountPolicy",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_query, _root, { id }, { ctx }) => resendInvitation(ctx, parseInput(idSchema, { id: String(id) }, "resendInvitation").id),
  }),
  updateAccountPolicy: t.prismaField({
    type: "AccountPolicy",
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: AccountPolicyUpdateInput, required: true }) },
    resolve: (_query, _root, { id, data }, { ctx }) =>
      updateMemberRole(ctx, parseInput(updateMemberRoleSchema, { id: String(id), roleId: String(data.roleId) }, "updateAccountPolicy")),
  }),
  deleteAccountPolicy: t.field({
    type: "ID",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, { ctx }) => (await removeMember(ctx, parseInput(idSchema, { id: String(id) }, "deleteAccountPolicy").id)).id,
  }),
}));

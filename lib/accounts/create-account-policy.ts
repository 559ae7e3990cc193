import { z } from "zod";
import { emailSchema } from "@/lib/sign-in/schemas";
import type { ServiceContext } from "@/lib/auth/context";
import { inviteMembers } from "./invite-members";
import { idString } from "@/lib/validation/ids";

export const createAccountPolicySchema = z
  .object({
    email: emailSchema,
    roleId: idString(),
  })
  .strict();
export type CreateAccountPolicyInput = z.infer<typeof createAccountPolicySchema>;

/**
 * Creates a membership the one way a membership starts: an invitation of one person with a role
 * (an `invited` membership and an email with `/invite?token=`). The rules and errors of
 * inviteMembers: needs ManageMembers; a role of another account is NOT_FOUND; someone already a
 * member or invited is ALREADY_MEMBER; nothing changes on a refusal.
 */
export async function createAccountPolicy(ctx: ServiceContext, input: CreateAccountPolicyInput) {
  const [policy] = await inviteMembers(ctx, { emails: [input.email], roleId: input.roleId });
  return policy;
}

import { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import { personSchema, personSelect, presentPerson } from "@/lib/users/person";

/**
 * A member (AccountPolicy) as the REST answers show it: the membership's own fields, the person
 * (lib/users/person.ts) and the role's id and name. Routes serialise through these schemas, so a
 * relation added to a query cannot widen an answer.
 */
/** A membership's status: active, invited (the invitation not accepted yet) or disabled. */
export const MEMBERSHIP_STATUSES = ["active", "invited", "disabled"] as const;

export const membershipSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  userId: z.string(),
  roleId: z.string(),
  status: z.enum(MEMBERSHIP_STATUSES),
  accessedAt: z.date().nullable(),
  createdAt: z.date(),
});
export type Membership = z.infer<typeof membershipSchema>;

export const memberSchema = membershipSchema.extend({ user: personSchema, role: z.object({ id: z.string(), name: z.string() }) });
export type Member = z.infer<typeof memberSchema>;

export const memberSelect = {
  id: true,
  accountId: true,
  userId: true,
  roleId: true,
  status: true,
  accessedAt: true,
  createdAt: true,
  user: { select: personSelect },
  role: { select: { id: true, name: true } },
} satisfies Prisma.AccountPolicySelect;

export function presentMember(row: Prisma.AccountPolicyGetPayload<{ select: typeof memberSelect }>): Member {
  return { ...row, user: presentPerson(row.user) };
}

import { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * A user as anyone else sees them (members lists, authors, document people): id, name, email and
 * avatar, nothing more. Phone, preferences, metadata, password state and the rest are the user's
 * own, read only through `me` and /vapp/users (docs/security.md).
 */
export const personSelect = { id: true, firstName: true, lastName: true, email: true, avatar: true } satisfies Prisma.UserSelect;
export type PersonRow = Prisma.UserGetPayload<{ select: typeof personSelect }>;

export const personSchema = z.object({
  id: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
});
export type Person = z.infer<typeof personSchema>;

/** First and last name, else the address (people invited by email may have no name yet). */
export const displayName = (user: { firstName: string; lastName: string; email: string }) =>
  [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email;

export function presentPerson(user: PersonRow): Person {
  return {
    id: user.id,
    name: displayName(user),
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    avatar: user.avatar,
  };
}

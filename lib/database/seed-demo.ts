import { db } from "@/lib/db";
import { createAccountForOwner } from "@/lib/accounts/create-account";
import { anonymousContext } from "@/lib/auth/context";
import { hashPassword } from "@/lib/auth/crypto";

/** The demo sign-in shown in README.md. */
export const DEMO_USER = {
  email: "demo@example.com",
  password: "Demo-password-1",
  firstName: "Dana",
  lastName: "Demo",
  accountName: "Demo Workspace",
  accountSlug: "demo",
} as const;

/** A verified administrator with terms accepted, in a workspace with a single sign-on slug. */
export async function seedDemo(): Promise<void> {
  const ctx = anonymousContext({ via: "system" });
  const passwordHash = await hashPassword(DEMO_USER.password);
  await db.$transaction(async (tx) => {
    const user = await tx.user.create({
      data: {
        email: DEMO_USER.email,
        firstName: DEMO_USER.firstName,
        lastName: DEMO_USER.lastName,
        passwordHash,
        emailVerified: new Date(),
        tos: true,
        tosAcceptedAt: new Date(),
        language: "en",
      },
    });
    await createAccountForOwner(tx, ctx, { name: DEMO_USER.accountName, ownerId: user.id, slug: DEMO_USER.accountSlug });
  });
}

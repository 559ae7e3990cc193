import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { createAccountForOwner, GLOBAL_ROLE_IDS } from "@/lib/accounts/create-account";
import { anonymousContext, type ServiceContext } from "@/lib/auth/context";
import { hashPassword } from "@/lib/auth/crypto";
import { buildContext } from "@/lib/auth/get-request-context";
import { createSession } from "@/lib/auth/session";
import type { RoleName } from "@/lib/auth/permissions";

/** Test data written straight to the database; no test sets up data through the UI. */
export const PASSWORD = "Correct-horse-9";
let passwordHash: Promise<string> | undefined;

export const uniqueEmail = (prefix = "user") => `${prefix}-${randomUUID().slice(0, 8)}@example.test`;

export async function createUser(
  overrides: { email?: string; verified?: boolean; tos?: boolean; password?: string | null; firstName?: string; language?: string } = {},
) {
  const hash =
    overrides.password === null
      ? null
      : overrides.password
        ? await hashPassword(overrides.password)
        : await (passwordHash ??= hashPassword(PASSWORD));
  return db.user.create({
    data: {
      email: overrides.email ?? uniqueEmail(),
      firstName: overrides.firstName ?? "Test",
      lastName: "User",
      passwordHash: hash,
      emailVerified: overrides.verified === false ? null : new Date(),
      tos: overrides.tos ?? true,
      language: overrides.language ?? "en",
    },
  });
}

/** A workspace with its Administrator. */
export async function createAccount(name = "Workspace") {
  const owner = await createUser();
  const account = await db.$transaction((tx) =>
    createAccountForOwner(tx, anonymousContext({ via: "system" }), { name: `${name} ${randomUUID().slice(0, 6)}`, ownerId: owner.id }),
  );
  return { account, owner };
}

export async function addMember(accountId: string, role: RoleName, user?: { id: string }) {
  const member = user ?? (await createUser());
  await db.accountPolicy.create({ data: { accountId, userId: member.id, roleId: GLOBAL_ROLE_IDS[role] } });
  return member;
}

/** A real session for the user, and the context the app would build from its bearer token. */
export async function signedInAs(
  userId: string,
  accountId?: string,
): Promise<{ ctx: ServiceContext; accessToken: string; sessionId: string }> {
  const session = await db.$transaction((tx) => createSession(tx, anonymousContext(), { userId, provider: "local", accountId }));
  const ctx = await buildContext({
    header: (name) => (name === "authorization" ? `Bearer ${session.accessToken}` : null),
    cookie: () => null,
  });
  return { ctx, accessToken: session.accessToken, sessionId: session.sessionId };
}

export async function latestEmail(to: string) {
  return db.outboxEmail.findFirst({ where: { to }, orderBy: { createdAt: "desc" } });
}

/** The token in the first link of an email. */
export function tokenFromEmail(text: string): string {
  const match = text.match(/token=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`No token in email: ${text}`);
  return match[1];
}

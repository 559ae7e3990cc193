import { queryPrepared } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";
import { displayName } from "@/lib/users/person";

/** A person as document screens and answers show them: their id and display name, nothing else. */
export type UserSummary = { id: string; name: string };

// One lookup per person and request: a GraphQL page of documents asks for each row's lock holder
// and version author, often the same few people. Keyed by the request's context, so it goes with it.
const perRequest = new WeakMap<ServiceContext, Map<string, Promise<UserSummary | null>>>();

/**
 * The display names of the users `ids` (version authors, lock holders). Callers pass ids read
 * from rows of the caller's own account, which they have already been allowed to see; a
 * deleted user is left out of the map. One prepared statement through the driver (lib/db.ts
 * queryPrepared): the document screen asks on every load, and Prisma's request pipeline cost more
 * CPU than the lookup.
 */
export async function findUserSummaries(ctx: ServiceContext, ids: (string | null | undefined)[]): Promise<Map<string, UserSummary>> {
  let cache = perRequest.get(ctx);
  if (!cache) perRequest.set(ctx, (cache = new Map()));
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  const missing = wanted.filter((id) => !cache.has(id));
  if (missing.length) {
    const rows = queryPrepared<{ id: string; firstName: string; lastName: string; email: string }>(
      Prisma.sql`SELECT u.id, u."firstName", u."lastName", u.email FROM "User" u WHERE u.id = ANY(CAST(${missing} AS text[]))`,
    );
    for (const id of missing) {
      cache.set(
        id,
        rows.then((users) => {
          const user = users.find((u) => u.id === id);
          return user ? { id: user.id, name: displayName(user) } : null;
        }),
      );
    }
  }
  const found = await Promise.all(wanted.map((id) => cache.get(id)!));
  return new Map(found.filter((user): user is UserSummary => !!user).map((user) => [user.id, user]));
}

import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { templatesWhere } from "./template-access";

/** Authors listed in the filter at most. */
const MAX_AUTHORS = 200;

/**
 * The people who wrote the account's templates, by name, for the /templates author filter.
 * Anyone who sees the templates already sees their authors, so this needs only ViewTemplates
 * (the members list itself needs ManageMembers).
 */
export async function findTemplatesAuthors(ctx: ServiceContext) {
  const rows = await db.template.findMany({
    where: { ...templatesWhere(ctx, "view"), authorId: { not: null } },
    distinct: ["authorId"],
    select: { authorId: true },
    take: MAX_AUTHORS,
  });
  const users = await db.user.findMany({
    where: { id: { in: rows.map((r) => r.authorId!) } },
    select: { id: true, firstName: true, lastName: true, email: true },
  });
  return users
    .map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}`.trim() || u.email }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

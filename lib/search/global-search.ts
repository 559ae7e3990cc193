import { z } from "zod";
import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { can } from "@/lib/auth/permissions";
import { accountScope } from "@/lib/accounts/scope";

export const globalSearchSchema = z.object({ q: z.string().trim().min(1).max(100) }).strict();

const LIMIT = 5;

/**
 * The home screen's search over the workspace's entities that exist so far: members (for
 * administrators), categories and tags. Later features add theirs (documents, templates, …).
 * Each group is capped at five results; the match is case-insensitive on names and addresses.
 */
export async function globalSearch(ctx: ServiceContext, q: string) {
  const { accountId } = accountScope(ctx);
  const contains = { contains: q, mode: "insensitive" as const };
  const canSeeTaxonomy = can(ctx, ["ViewDocuments", "ViewTemplates"]);
  const [members, categories, tags] = await Promise.all([
    can(ctx, "ManageMembers")
      ? db.accountPolicy.findMany({
          where: { accountId, user: { OR: [{ email: contains }, { firstName: contains }, { lastName: contains }] } },
          include: { user: { select: { email: true, firstName: true, lastName: true } } },
          take: LIMIT,
        })
      : [],
    canSeeTaxonomy
      ? db.category.findMany({ where: { OR: [{ accountId }, { accountId: null, global: true }], name: contains }, take: LIMIT, orderBy: { name: "asc" } })
      : [],
    canSeeTaxonomy ? db.tag.findMany({ where: { accountId, name: contains }, take: LIMIT, orderBy: { name: "asc" } }) : [],
  ]);
  return {
    members: members.map((m) => ({ id: m.id, name: [m.user.firstName, m.user.lastName].filter(Boolean).join(" "), email: m.user.email, status: m.status })),
    categories: categories.map((c) => ({ id: c.id, name: c.name, group: c.group })),
    tags: tags.map((t) => ({ id: t.id, name: t.name, color: t.color })),
  };
}

import { z } from "zod";
import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { can } from "@/lib/auth/permissions";
import { accountScope } from "@/lib/accounts/scope";
import { DOCUMENT_LIST_DEFAULTS, findDocuments } from "@/lib/documents/find-documents";
import { canSeeTemplates, templatesWhere } from "@/lib/templates/template-access";
import { matchingTemplateIds } from "@/lib/templates/template-search";

export const globalSearchSchema = z.object({ q: z.string().trim().min(1).max(100) }).strict();

const LIMIT = 5;

/**
 * The home screen's search over the workspace: documents the caller may see (full text, with
 * the matched passages as plain parts, never HTML), templates (full text over name, description
 * and file, or part of the name), members (for administrators), categories and tags. Each group is capped at five results; names and
 * addresses match case-insensitively.
 */
export async function globalSearch(ctx: ServiceContext, q: string) {
  const { accountId } = accountScope(ctx);
  const contains = { contains: q, mode: "insensitive" as const };
  const canSeeTaxonomy = can(ctx, ["ViewDocuments", "ViewTemplates"]);
  const [documents, templates, members, categories, tags] = await Promise.all([
    can(ctx, ["ViewDocuments", "ManageDocuments", "ViewAllDocuments"])
      ? findDocuments(ctx, { ...DOCUMENT_LIST_DEFAULTS, search: q, size: LIMIT, orderBy: "relevance" }).then((page) => page.items)
      : [],
    canSeeTemplates(ctx)
      ? matchingTemplateIds(accountId, q, ctx.locale).then((ids) =>
          db.template.findMany({
            where: { ...templatesWhere(ctx, "view"), id: { in: ids } },
            select: { id: true, name: true, published: true },
            take: LIMIT,
            orderBy: [{ name: "asc" }, { id: "asc" }],
          }),
        )
      : [],
    can(ctx, "ManageMembers")
      ? db.accountPolicy.findMany({
          where: { accountId, user: { OR: [{ email: contains }, { firstName: contains }, { lastName: contains }] } },
          include: { user: { select: { email: true, firstName: true, lastName: true } } },
          take: LIMIT,
        })
      : [],
    canSeeTaxonomy
      ? db.category.findMany({
          where: { OR: [{ accountId }, { accountId: null, global: true }], name: contains },
          take: LIMIT,
          orderBy: { name: "asc" },
        })
      : [],
    canSeeTaxonomy ? db.tag.findMany({ where: { accountId, name: contains }, take: LIMIT, orderBy: { name: "asc" } }) : [],
  ]);
  return {
    documents: documents.map((d) => ({ id: d.id, name: d.name, status: d.status, highlight: d.highlight })),
    templates: templates.map((t) => ({ id: t.id, name: t.name, published: t.published })),
    members: members.map((m) => ({
      id: m.id,
      name: [m.user.firstName, m.user.lastName].filter(Boolean).join(" "),
      email: m.user.email,
      status: m.status,
    })),
    categories: categories.map((c) => ({ id: c.id, name: c.name, group: c.group })),
    tags: tags.map((t) => ({ id: t.id, name: t.name, color: t.color })),
  };
}

import { querySql } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { can, type Permission } from "@/lib/auth/permissions";
import type { ServiceContext } from "@/lib/auth/context";
import { visibleMenu, type MenuEntry } from "@/lib/navigation/menu";

/** The first things a new workspace does, in the order the dashboard offers them. */
export const NEXT_STEPS = ["template", "document", "colleague", "signature", "seal"] as const;
export type NextStepKey = (typeof NEXT_STEPS)[number];

/** Who may take each step (lib/auth/permissions.ts): someone who may not does not see it. */
export const NEXT_STEP_PERMISSION: Record<NextStepKey, Permission> = {
  template: "ManageTemplates",
  document: "ManageDocuments",
  colleague: "ManageMembers",
  signature: "ManageDocuments",
  seal: "ManageDocuments",
};

/** The screen each step is taken on, by its side-menu entry: a plan or a switched-off feature without it hides the step. */
const NEXT_STEP_SCREEN: Partial<Record<NextStepKey, MenuEntry["key"]>> = {
  template: "templates",
  document: "repository",
  signature: "repository",
  seal: "repository",
};

/** The steps `ctx` may take: their permission, and their screen in the side menu without an upgrade. */
export function nextStepsFor(ctx: Pick<ServiceContext, "permissions" | "capabilities">): NextStepKey[] {
  const open = new Set(visibleMenu(ctx).flatMap((entry) => (entry.upgrade ? [] : [entry.key])));
  return NEXT_STEPS.filter((key) => {
    const screen = NEXT_STEP_SCREEN[key];
    return can(ctx, NEXT_STEP_PERMISSION[key]) && (!screen || open.has(screen));
  });
}

export type NextStep = { key: NextStepKey; done: boolean; href: string };

/** Whether the member hid the next steps (their metadata's hasDismissedNextSteps, set from the panel). */
export const nextStepsDismissed = (metadata: unknown) =>
  !!metadata && typeof metadata === "object" && (metadata as { hasDismissedNextSteps?: unknown }).hasDismissedNextSteps === true;

/** Where each step is taken: the templates' upload, a new document, the invitation form, a document's signers. */
function stepHref(key: NextStepKey, row: Row): string {
  switch (key) {
    case "template":
      return "/templates";
    case "document":
      return "/docs";
    case "colleague":
      return "/settings/ws/users#invite-title";
    case "signature":
      return row.documentId ? `/d/${row.documentId}/view?tab=signatures` : "/docs";
    case "seal":
      return row.requestedId
        ? `/d/${row.requestedId}/view?tab=signatures`
        : row.documentId
          ? `/d/${row.documentId}/view?tab=signatures`
          : "/docs";
  }
}

/**
 * How many of the caller's documents the links choose from (the most recently changed of them):
 * all of a new workspace's, and a bounded read for someone who wrote thousands.
 */
const RECENT_DOCUMENTS = 200;

type Row = Record<NextStepKey, boolean> & { documentId: string | null; requestedId: string | null };

/**
 * The dashboard's next steps for a workspace, those the caller may take (nextStepsFor), each done once the
 * workspace's data says so: a template, a document, another member (active or invited), a
 * signature requested, a sealed document. One statement of EXISTS probes (each stops at the first
 * row an index finds), with the caller's most recently changed document and the one of theirs
 * most recently changed among those sent for signature, for the links of the steps still open; no
 * statement when the caller may take no step or has no workspace, which answers [].
 */
export async function loadNextSteps(ctx: ServiceContext): Promise<NextStep[]> {
  const visible = nextStepsFor(ctx);
  if (!ctx.accountId || !ctx.userId || visible.length === 0) return [];
  const { accountId, userId } = ctx;
  // The caller's documents (at most RECENT_DOCUMENTS of them, through the author index, the most
  // recently changed first): the links' candidates.
  const mine = Prisma.sql`
    SELECT d.id, d."updatedAt" FROM "Document" d
    WHERE d."accountId" = ${accountId} AND d.archived = false AND d."authorId" = ${userId}
    ORDER BY d.id LIMIT ${RECENT_DOCUMENTS}`;
  // The links are looked up only while their step is open (a CASE evaluates its subquery only when taken).
  const [row] = await querySql<Row>(Prisma.sql`
    SELECT e.*,
      CASE WHEN NOT e.signature THEN (SELECT m.id FROM (${mine}) m ORDER BY m."updatedAt" DESC LIMIT 1) END AS "documentId",
      CASE WHEN NOT e.seal THEN (
        SELECT m.id FROM (${mine}) m
        WHERE EXISTS (SELECT 1 FROM "Signature" s WHERE s."accountId" = ${accountId} AND s."documentId" = m.id AND s."requestedAt" IS NOT NULL)
        ORDER BY m."updatedAt" DESC LIMIT 1
      ) END AS "requestedId"
    FROM (
      SELECT
        EXISTS (SELECT 1 FROM "Template" t WHERE t."accountId" = ${accountId}) AS "template",
        EXISTS (SELECT 1 FROM "Document" d WHERE d."accountId" = ${accountId}) AS "document",
        EXISTS (
          SELECT 1 FROM "AccountPolicy" p
          WHERE p."accountId" = ${accountId} AND p."userId" <> ${userId} AND p.status IN ('active', 'invited')
        ) AS "colleague",
        EXISTS (SELECT 1 FROM "Signature" s WHERE s."accountId" = ${accountId} AND s."requestedAt" IS NOT NULL) AS "signature",
        EXISTS (SELECT 1 FROM "Seal" x WHERE x."accountId" = ${accountId}) AS "seal"
    ) e`);
  return visible.map((key) => ({ key, done: row[key] === true, href: stepHref(key, row) }));
}

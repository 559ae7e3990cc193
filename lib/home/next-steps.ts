import { querySql } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { can, type Permission } from "@/lib/auth/permissions";
import type { ServiceContext } from "@/lib/auth/context";

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

export type NextStep = { key: NextStepKey; done: boolean; href: string };

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

/** How many of the caller's newest documents are looked through for one sent for signature (the seal step's link). */
const RECENT_DOCUMENTS = 50;

type Row = Record<NextStepKey, boolean> & { documentId: string | null; requestedId: string | null };

/**
 * The dashboard's next steps for a workspace, those the caller may take, each done once the
 * workspace's data says so: a template, a document, another member (active or invited), a
 * signature requested, a sealed document. One statement of EXISTS probes (each stops at the first
 * row an index finds), with the caller's newest document (ids are cuids: newest last) and the
 * newest of their last 50 sent for signature, for the links; no statement when the caller may
 * take no step or has no workspace, which answers [].
 */
export async function loadNextSteps(ctx: ServiceContext): Promise<NextStep[]> {
  const visible = NEXT_STEPS.filter((key) => can(ctx, NEXT_STEP_PERMISSION[key]));
  if (!ctx.accountId || !ctx.userId || visible.length === 0) return [];
  const { accountId, userId } = ctx;
  const [row] = await querySql<Row>(Prisma.sql`
    SELECT
      EXISTS (SELECT 1 FROM "Template" t WHERE t."accountId" = ${accountId}) AS "template",
      EXISTS (SELECT 1 FROM "Document" d WHERE d."accountId" = ${accountId}) AS "document",
      EXISTS (
        SELECT 1 FROM "AccountPolicy" p
        WHERE p."accountId" = ${accountId} AND p."userId" <> ${userId} AND p.status IN ('active', 'invited')
      ) AS "colleague",
      EXISTS (SELECT 1 FROM "Signature" s WHERE s."accountId" = ${accountId} AND s."requestedAt" IS NOT NULL) AS "signature",
      EXISTS (SELECT 1 FROM "Seal" x WHERE x."accountId" = ${accountId}) AS "seal",
      (
        SELECT d.id FROM "Document" d
        WHERE d."accountId" = ${accountId} AND d.archived = false AND d."authorId" = ${userId}
        ORDER BY d.id DESC LIMIT 1
      ) AS "documentId",
      (
        SELECT recent.id FROM (
          SELECT d.id FROM "Document" d
          WHERE d."accountId" = ${accountId} AND d.archived = false AND d."authorId" = ${userId}
          ORDER BY d.id DESC LIMIT ${RECENT_DOCUMENTS}
        ) recent
        WHERE EXISTS (SELECT 1 FROM "Signature" s WHERE s."accountId" = ${accountId} AND s."documentId" = recent.id AND s."requestedAt" IS NOT NULL)
        ORDER BY recent.id DESC LIMIT 1
      ) AS "requestedId"`);
  return visible.map((key) => ({ key, done: row[key] === true, href: stepHref(key, row) }));
}

import { db, queryPrepared } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { requireDocumentRole, visibleDocumentsWhere } from "./access";
import { findUserSummaries } from "./find-user-summaries";
import { linkRef } from "@/lib/links/link-access";

/** Targets whose audit rows name their document in targetContext and belong to its activity. */
export const DOCUMENT_CONTEXT_TARGETS = ["documentLink", "approval", "approvalMessage", "signature", "reminder", "seal"];

/** The audit rows of a document's activity: its own events, its share links', approvals', signatures' and reminders'. */
export const documentActivityWhere = (accountId: string, documentId: string) => ({
  accountId,
  OR: [
    { targetType: "document", targetId: documentId },
    { targetType: { in: DOCUMENT_CONTEXT_TARGETS }, targetContext: documentId },
  ],
});

/** How many events the activity lists (50 unless asked, at most 200). */
export const activityTake = (take = 50) => Math.min(Math.max(take, 1), 200);

type AuditRow = {
  id: string;
  eventType: string;
  createdAt: Date;
  via: string;
  viaId: string | null;
  userId: string | null;
  targetType: string;
  targetId: string | null;
  targetContext: string | null;
  payload: unknown;
};

/** An event as screens show it: who acted, whom it concerns, and what the row recorded. */
export type PresentedActivity = {
  id: string;
  eventType: string;
  createdAt: Date;
  via: string;
  /**
   * Who acted: a member by their name; a reviewer or signer through their own link (`signed`) by
   * their Approval's or Signature's name and address; a share-link visitor by the name or address
   * the row recorded. Null when nobody is known (the system, an unnamed visitor).
   */
  actor: string | null;
  /** For an unnamed share-link visitor: the name of the link they came through, while it exists. */
  link: string | null;
  /** The reviewer or signer the event is about (added, asked, reminded…): their name, else their address. */
  subject: string | null;
  payload: Record<string, unknown>;
};

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);
/** "Name (address)", or whichever of the two is known. */
const nameAndEmail = (name: string | null, email: string | null) =>
  name && email && name !== email ? `${name} (${email})` : (name ?? email);
const fullName = (r: { firstName: string | null; lastName: string | null }) =>
  [r.firstName, r.lastName].filter(Boolean).join(" ").trim() || null;

type Recipient = {
  kind: "signature" | "approval" | "link";
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  name: string | null;
};

/** The Approval or Signature an audit row is about (its target, or the payload's approvalId). */
const recordIdOf = (r: AuditRow) =>
  r.targetType === "signature" ? r.targetId : text((r.payload as { approvalId?: unknown } | null)?.approvalId);

/**
 * Activity rows as screens show them, each naming who acted and whom it concerns, in at most two
 * lookups for the whole page of rows: the members (findUserSummaries, one per request), and, only
 * when some row needs them, one statement for the reviewers and signers named by the rows (through
 * their own link, or as the event's subject) and the share links their visitors came through
 * (unless the link's own events on the page name it: a removed link is named that way too).
 */
export async function presentActivity(ctx: ServiceContext, rows: AuditRow[]): Promise<PresentedActivity[]> {
  // A link's name as its own events on this page last recorded it (newest first): a removed link is still named.
  const recordedLinks = new Map<string, string>();
  for (const r of rows) {
    const name = r.targetType === "documentLink" && r.targetId ? text((r.payload as { name?: unknown } | null)?.name) : null;
    if (name && !recordedLinks.has(r.targetId!)) recordedLinks.set(r.targetId!, name);
  }
  const recordIds = new Set<string>();
  const linkDocuments = new Set<string>();
  for (const r of rows) {
    const record = recordIdOf(r);
    if (record) recordIds.add(record);
    if (!r.userId && r.via === "signed" && r.viaId) recordIds.add(r.viaId);
    const payload = (r.payload ?? {}) as Record<string, unknown>;
    if (!r.userId && r.via === "link" && !text(payload.name) && !text(payload.email) && !recordedLinks.has(r.viaId ?? "")) {
      const documentId = r.targetType === "document" ? r.targetId : r.targetContext;
      if (documentId) linkDocuments.add(documentId);
    }
  }
  const accountId = ctx.accountId;
  const [actors, recipients] = await Promise.all([
    findUserSummaries(
      ctx,
      rows.map((r) => r.userId),
    ),
    accountId && (recordIds.size || linkDocuments.size)
      ? queryPrepared<Recipient>(Prisma.sql`
          SELECT 'signature' AS kind, s.id, s."firstName", s."lastName", s.email, NULL AS name FROM "Signature" s
            WHERE s."accountId" = ${accountId} AND s.id = ANY(CAST(${[...recordIds]} AS text[]))
          UNION ALL
          SELECT 'approval' AS kind, a.id, a."firstName", a."lastName", a.email, NULL AS name FROM "Approval" a
            WHERE a."accountId" = ${accountId} AND a.id = ANY(CAST(${[...recordIds]} AS text[]))
          UNION ALL
          SELECT 'link' AS kind, l.id, NULL AS "firstName", NULL AS "lastName", NULL AS email, l.name FROM "DocumentLink" l
            WHERE l."accountId" = ${accountId} AND l."documentId" = ANY(CAST(${[...linkDocuments]} AS text[]))`)
      : Promise.resolve([] as Recipient[]),
  ]);
  const people = new Map(recipients.filter((r) => r.kind !== "link").map((r) => [r.id, r]));
  const links = new Map(recipients.filter((r) => r.kind === "link").map((r) => [linkRef(r.id), r.name]));
  return rows.map((r) => {
    const payload = (r.payload ?? {}) as Record<string, unknown>;
    const recordId = recordIdOf(r);
    const record = recordId ? people.get(recordId) : undefined;
    const subject = (record ? fullName(record) : null) ?? text(record?.email) ?? text(payload.email);
    let actor: string | null = null;
    let link: string | null = null;
    if (r.userId) actor = actors.get(r.userId)?.name ?? null;
    else if (r.via === "signed") {
      const self = r.viaId ? people.get(r.viaId) : undefined;
      actor = self ? nameAndEmail(fullName(self), text(self.email)) : text(payload.email);
    } else if (r.via === "link") {
      actor = nameAndEmail(text(payload.name), text(payload.email));
      if (!actor && r.viaId) link = links.get(r.viaId) ?? recordedLinks.get(r.viaId) ?? null;
    }
    return { id: r.id, eventType: r.eventType, createdAt: r.createdAt, via: r.via, actor, link, subject, payload };
  });
}

/**
 * The newest `take` audit rows of a document's activity (documentActivityWhere; of one instant,
 * the greatest id first), in one prepared statement through the driver (lib/db.ts
 * queryPrepared): the document screen reads them on every load, and Prisma's request pipeline
 * cost more CPU than the statement. The caller has checked that the document is in `accountId`
 * and may be seen.
 */
export const documentActivityRows = (accountId: string, documentId: string, take?: number) =>
  queryPrepared<AuditRow>(Prisma.sql`
    SELECT a.id, a."eventType", a."createdAt", a.via, a."viaId", a."userId", a."targetType", a."targetId", a."targetContext", a.payload
    FROM "Audit" a
    WHERE a."accountId" = ${accountId}
      AND ((a."targetType" = 'document' AND a."targetId" = ${documentId})
        OR (a."targetType" = ANY(CAST(${DOCUMENT_CONTEXT_TARGETS} AS text[])) AND a."targetContext" = ${documentId}))
    ORDER BY a."createdAt" DESC, a.id DESC LIMIT ${activityTake(take)}`);

/**
 * A document's activity, newest first, taken from the audit trail: what happened, who did it
 * (or through which link or token), and when. Needs reader.
 */
export async function documentActivity(ctx: ServiceContext, documentId: string, take = 50) {
  const { document } = await requireDocumentRole(ctx, documentId, "reader");
  return presentActivity(ctx, await documentActivityRows(document.accountId, document.id, take));
}

/** How many approvals and signatures of one address the email activity follows (the most recent). */
const RECIPIENT_RECORDS_MAX = 500;

export type ActivityQuery = { documentId?: string; email?: string; cursor?: string; take?: number };

/**
 * The activity of a document (reader), or of an address (spec: "activity by document or
 * email"): the events of the approvals and signatures asked of that address in this workspace,
 * on the documents the caller sees. Newest first, `take` at a time (25 unless asked), paged by
 * the last event's id.
 */
export async function activityPage(ctx: ServiceContext, query: ActivityQuery) {
  const { accountId } = accountScope(ctx);
  const take = Math.min(Math.max(query.take ?? 25, 1), 100);
  let where;
  if (query.documentId) {
    const { document } = await requireDocumentRole(ctx, query.documentId, "reader");
    where = documentActivityWhere(document.accountId, document.id);
  } else if (query.email) {
    const email = query.email.toLowerCase();
    const visible = await visibleDocumentsWhere(ctx);
    const recipient = { accountId, email, document: visible };
    const recent = { select: { id: true }, orderBy: { createdAt: "desc" as const }, take: RECIPIENT_RECORDS_MAX };
    const [approvals, signatures] = await Promise.all([
      db.approval.findMany({ where: recipient, ...recent, select: { id: true, documentId: true } }),
      db.signature.findMany({ where: recipient, ...recent }),
    ]);
    // An approval's events are its document's rows naming it (payload.approvalId); a signature's are its own.
    const ofApprovals: Prisma.AuditWhereInput[] = approvals.length
      ? [
          {
            targetType: "document",
            targetId: { in: [...new Set(approvals.map((a) => a.documentId))] },
            OR: approvals.map((a) => ({ payload: { path: ["approvalId"], equals: a.id } })),
          },
        ]
      : [];
    where = {
      accountId,
      OR: [...ofApprovals, { targetType: "signature", targetId: { in: signatures.map((s) => s.id) } }],
    };
  } else {
    throw new AppError(AppErrorCode.MISSING_PARAMETER, { message: "Give a documentId or an email.", details: { parameter: "documentId" } });
  }
  const rows = await db.audit.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: take + 1,
    ...(query.cursor ? { cursor: { id: query.cursor }, skip: 1 } : {}),
  });
  const shown = rows.slice(0, take);
  const presented = await presentActivity(ctx, shown);
  return {
    // The declaration's fields (the screen's `link` and `subject` are not part of the answer).
    items: presented.map(({ id, eventType, createdAt, via, actor, payload }, i) => {
      const row = shown[i]!;
      const documentId = row.targetType === "document" ? row.targetId : row.targetContext;
      return { id, eventType, createdAt, via, actor, payload, targetType: row.targetType, documentId };
    }),
    nextCursor: rows.length > take ? shown.at(-1)!.id : null,
  };
}

import { db, queryPrepared, querySql } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { DocumentStatus } from "@/lib/generated/prisma/enums";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { signingPath } from "@/lib/signing/signing-links";
import { signSigningToken, type SigningPurpose } from "@/lib/signing/signing-tokens";

/**
 * The dashboard's work queue (issue 16): what awaits the signed-in member (approvals and
 * signatures requested of them, by their user or their address, not yet answered) and what
 * waits on others (documents of the workspace they wrote or own with approvals or signatures
 * still pending), each with its count (waiting on others up to WAITING_COUNT_LIMIT documents).
 * A fixed number of indexed queries whatever the size; each list pages by cursor (the last
 * item's id).
 */
export const WORK_QUEUE_PAGE = 25;
/** The dashboard shows this many of each list, and as many more on "Show more". */
export const DASHBOARD_WORK_QUEUE_PAGE = 10;
export const WORK_QUEUE_PAGE_MAX = 100;

/** Documents whose approvals can still be given, and whose signatures can still be made. */
const CLOSED: DocumentStatus[] = ["rejected", "cancelled"];
const SIGNING: DocumentStatus[] = ["toSign", "signing"];

export type WorkQueueInput = { take?: number; toApproveCursor?: string; toSignCursor?: string; waitingCursor?: string };

type Recipient = { id: string; documentId: string; accountId: string; email: string; requestedAt: Date; documentName: string };

/** A fresh link to the review or signing page, bound to the record's own request (the same `rat`), so older links stay valid. */
function linkFor(purpose: SigningPurpose, row: Recipient): string {
  const token = signSigningToken({
    typ: purpose,
    rid: row.id,
    did: row.documentId,
    aid: row.accountId,
    email: row.email,
    rat: row.requestedAt.getTime(),
  });
  return signingPath(purpose, token);
}

/**
 * Rows of `alias` after the cursor's record in the order (`column` DESC, id DESC): the record of
 * `table` whose id is `cursor`, in the caller's workspace (none of another workspace's is found,
 * so its cursor gives an empty page); nothing without a cursor. `prefix` joins it to the clause.
 */
function afterCursor(prefix: "WHERE" | "AND", alias: string, table: string, column: string, accountId: string, cursor?: string) {
  if (!cursor) return Prisma.empty;
  const [a, t, c] = [alias, `"${table}"`, `"${column}"`].map(Prisma.raw) as [Prisma.Sql, Prisma.Sql, Prisma.Sql];
  return Prisma.sql`${Prisma.raw(prefix)} (${a}.${c}, ${a}.id) < (SELECT k.${c}, k.id FROM ${t} k WHERE k.id = ${cursor} AND k."accountId" = ${accountId})`;
}

/** How many documents waiting on others the work queue counts at most; past it, its counts end in "+". */
export const WAITING_COUNT_LIMIT = 1_000;

const pendingApprovalSql = (accountId: string) =>
  Prisma.sql`a."accountId" = ${accountId} AND a."requestedAt" IS NOT NULL AND a."approvedAt" IS NULL AND a."rejectedAt" IS NULL`;
const pendingSignatureSql = (accountId: string) =>
  Prisma.sql`s."accountId" = ${accountId} AND s."requestedAt" IS NOT NULL AND s."signedAt" IS NULL AND s."declinedAt" IS NULL`;

/**
 * A member with at most this many documents (written, or owned through a policy) has them tested
 * one by one for pending requests; beyond, the workspace's pending requests are read instead.
 */
const FEW_DOCUMENTS = 1_000;

/**
 * Document `d` is the member's: not archived, and written by them or owned through an active
 * policy. The policy is a scalar subquery, not EXISTS: PostgreSQL may turn an EXISTS into a hash
 * of every policy of the member, a scan of the whole table (45 ms at 100,000), where the rows
 * tested here are a few hundred.
 */
const membersDocumentSql = (accountId: string, userId: string) => Prisma.sql`d."accountId" = ${accountId} AND NOT d.archived
  AND (d."authorId" = ${userId} OR (SELECT true FROM "DocumentPolicy" o
    WHERE o."documentId" = d.id AND o."userId" = ${userId} AND o.role = 'owner' AND o.status = 'active'))`;

/** `p.approvals` and `p.signatures`: the pending requests of the document whose id is `id`, two probes of the partial indexes. */
const pendingOfSql = (accountId: string, id: Prisma.Sql) => Prisma.sql`CROSS JOIN LATERAL (SELECT
    (SELECT count(*)::int FROM "Approval" a WHERE a."documentId" = ${id} AND ${pendingApprovalSql(accountId)}) AS approvals,
    (SELECT count(*)::int FROM "Signature" s WHERE s."documentId" = ${id} AND ${pendingSignatureSql(accountId)}) AS signatures) p`;

/**
 * What awaits the member, in one statement: a page of each list (approvals asked of them, then
 * signatures; by their user or their address; newest request first, after the cursor's record when
 * given) with each list's count on every row, and one row of counts alone (kind "counts"). Four
 * Prisma queries did this before, each costing the server more than its SQL (0.4 to 0.7 ms of CPU
 * a query, against 0.14 through the driver).
 */
const awaitingSql = (
  accountId: string,
  userId: string,
  email: string | null,
  take: number,
  approvalCursor?: string,
  signatureCursor?: string,
) => {
  const after = (table: "Approval" | "Signature", cursor?: string) => afterCursor("WHERE", "r", table, "requestedAt", accountId, cursor);
  const pageSize = Prisma.raw(String(Math.trunc(take)));
  return Prisma.sql`
  WITH approvals AS MATERIALIZED (
    SELECT a.id, a."documentId", a.email, a."requestedAt", d.name AS "documentName"
    FROM "Approval" a JOIN "Document" d ON d.id = a."documentId"
    WHERE ${pendingApprovalSql(accountId)} AND (a."userId" = ${userId} OR a.email = ${email})
      AND d."accountId" = ${accountId} AND NOT d.archived AND d.status::text NOT IN (${Prisma.join(CLOSED)})
  ),
  signatures AS MATERIALIZED (
    SELECT s.id, s."documentId", s.email, s."requestedAt", d.name AS "documentName"
    FROM "Signature" s JOIN "Document" d ON d.id = s."documentId"
    WHERE ${pendingSignatureSql(accountId)} AND (s."userId" = ${userId} OR s.email = ${email})
      AND d."accountId" = ${accountId} AND NOT d.archived AND d.status::text IN (${Prisma.join(SIGNING)})
  ),
  counts AS MATERIALIZED (
    SELECT (SELECT count(*) FROM approvals)::int AS "toApprove", (SELECT count(*) FROM signatures)::int AS "toSign"
  )
  SELECT l.*, c."toApprove", c."toSign" FROM counts c, (
    (SELECT 'approval' AS kind, r.* FROM approvals r ${after("Approval", approvalCursor)}
      ORDER BY r."requestedAt" DESC, r.id DESC LIMIT ${pageSize})
    UNION ALL
    (SELECT 'signature' AS kind, r.* FROM signatures r ${after("Signature", signatureCursor)}
      ORDER BY r."requestedAt" DESC, r.id DESC LIMIT ${pageSize})
    UNION ALL
    SELECT 'counts', NULL, NULL, NULL, NULL, NULL
  ) l`;
};

type AwaitingRow = {
  kind: "approval" | "signature" | "counts";
  id: string;
  documentId: string;
  email: string;
  requestedAt: Date;
  documentName: string;
  toApprove: number;
  toSign: number;
};

type Numbers = { take: number; limit: number; few: number };
/** Literals, not parameters: numbers the code sets (never a caller's text), known to the planner. */
const literal = (n: number) => Prisma.raw(String(Math.trunc(n)));

/**
 * The counts of `counted` (id, name, status, updatedAt, approvals, signatures) and, when they
 * are all of them (not past `limit`), its page after the cursor's document; `extra` columns on
 * every row.
 */
const countedPageSql = ({ take, limit }: Numbers, accountId: string, cursor?: string, extra: Prisma.Sql = Prisma.empty) => Prisma.sql`
  c AS MATERIALIZED (
    SELECT count(*)::int AS documents, coalesce(sum(approvals), 0)::int AS approvals, coalesce(sum(signatures), 0)::int AS signatures
    FROM counted
  )
  SELECT l.id, l.name, l.status, l.approvals, l.signatures,
    c.documents AS "countDocuments", c.approvals AS "countApprovals", c.signatures AS "countSignatures"${extra}
  FROM c LEFT JOIN LATERAL (
    SELECT w.id, w.name, w.status, w.approvals, w.signatures FROM counted w
    WHERE c.documents <= ${literal(limit)} ${afterCursor("AND", "w", "Document", "updatedAt", accountId, cursor)}
    ORDER BY w."updatedAt" DESC, w.id DESC LIMIT ${literal(take)}
  ) l ON true`;

const mineSql = (accountId: string, userId: string, numbers: Numbers, cursor?: string) => Prisma.sql`
  WITH authored AS MATERIALIZED (
    SELECT d.id FROM "Document" d WHERE d."accountId" = ${accountId} AND NOT d.archived AND d."authorId" = ${userId}
    LIMIT ${literal(numbers.few)} + 1
  ),
  owned AS MATERIALIZED (
    SELECT o."documentId" AS id FROM "DocumentPolicy" o
    WHERE o."accountId" = ${accountId} AND o."userId" = ${userId} AND o.role = 'owner' AND o.status = 'active'
      AND o."documentId" NOT IN (SELECT id FROM authored)
    LIMIT ${literal(numbers.few)} + 1 - (SELECT count(*) FROM authored)
  ),
  mine AS MATERIALIZED (SELECT id FROM authored UNION ALL SELECT id FROM owned),
  sizes AS MATERIALIZED (SELECT count(*)::int AS mine FROM mine),
  counted AS MATERIALIZED (
    SELECT d.id, d.name, d.status::text AS status, d."updatedAt", p.approvals, p.signatures
    FROM mine m ${pendingOfSql(accountId, Prisma.sql`m.id`)}
    JOIN "Document" d ON d.id = m.id
    WHERE (SELECT mine FROM sizes) <= ${literal(numbers.few)} AND p.approvals + p.signatures > 0 AND d."accountId" = ${accountId} AND NOT d.archived
    LIMIT ${literal(numbers.limit)} + 1
  ),
  ${countedPageSql(numbers, accountId, cursor, Prisma.sql`, (SELECT mine FROM sizes) AS mine`)}`;

const pendingCountSql = (accountId: string, userId: string, numbers: Numbers, cursor?: string) => Prisma.sql`
  WITH counted AS MATERIALIZED (
    SELECT d.id, d.name, d.status::text AS status, d."updatedAt", p.approvals, p.signatures
    FROM (
      SELECT coalesce(a."documentId", s."documentId") AS "documentId", coalesce(a.n, 0) AS approvals, coalesce(s.n, 0) AS signatures
      FROM (SELECT a."documentId", count(*)::int AS n FROM "Approval" a WHERE ${pendingApprovalSql(accountId)} GROUP BY 1) a
      FULL JOIN (SELECT s."documentId", count(*)::int AS n FROM "Signature" s WHERE ${pendingSignatureSql(accountId)} GROUP BY 1) s
        ON s."documentId" = a."documentId"
    ) p JOIN "Document" d ON d.id = p."documentId"
    WHERE ${membersDocumentSql(accountId, userId)}
    LIMIT ${literal(numbers.limit)} + 1
  ),
  ${countedPageSql(numbers, accountId, cursor)}`;

const walkSql = (accountId: string, userId: string, { take }: Numbers, cursor?: string) => Prisma.sql`
  SELECT d.id, d.name, d.status::text AS status, p.approvals, p.signatures
  FROM "Document" d ${pendingOfSql(accountId, Prisma.sql`d.id`)}
  WHERE ${membersDocumentSql(accountId, userId)} AND p.approvals + p.signatures > 0
    ${afterCursor("AND", "d", "Document", "updatedAt", accountId, cursor)}
  ORDER BY d."updatedAt" DESC, d.id DESC LIMIT ${literal(take)}`;

type PageRow = { id: string; name: string; status: DocumentStatus; approvals: number; signatures: number };
/** A page row with the counts; one row of counts alone (the page's columns null) when the page is empty. */
type CountedRow = { [K in keyof PageRow]: PageRow[K] | null } & { countDocuments: number; countApprovals: number; countSignatures: number };

/**
 * What waits on others: the counts (of up to `limit` + 1 documents) and a page of up to `take`
 * rows, in one, two or three statements, chosen in code by what the previous one found. One
 * statement guarding the three paths with one-time filters cost PostgreSQL more to plan than to
 * run, on every load: 2.1 ms of planning for 1.6 of work for a member without documents, and for
 * the administrator 1.3 for 10 (docs/benchmarks.md, session 23). The pending predicates are the
 * partial indexes' (migration 20261129020000_pending_request_indexes), word for word. Past `limit`
 * documents the counts are lower bounds and the caller says so: reading every pending document to
 * count and sort them all took 30 to 118 ms with 8,800 requests pending on 5,900 documents of
 * 100,000.
 *
 * 1. `mineSql`: up to FEW_DOCUMENTS + 1 of the member's documents' ids, each once (those they
 *    wrote from the author index alone, then those they own and did not write). When that is all
 *    of them, each is tested for pending requests, up to `limit` + 1, and the page comes from
 *    them: a member with a few documents in a busy workspace costs under a millisecond, where
 *    reading the workspace's 5,900 pending documents took 33 ms. Most members stop here.
 * 2. `pendingCountSql`, for a member with more: the workspace's pending requests by document (both
 *    partial indexes in document order, merged as they are read), each document read to keep the
 *    member's, up to `limit` + 1; the page from those when they are all of them.
 * 3. `walkSql`, past `limit` (pending documents are then not rare): the page by walking the
 *    member's documents newest first and testing each.
 *
 * The last two are prepared (lib/db.ts `queryPrepared`): their plan does not depend on who asks,
 * so a connection plans each once. The first is planned for its values on every call (querySql):
 * how many documents a member has decides its plan (below).
 */
async function loadWaiting(accountId: string, userId: string, numbers: Numbers, cursor?: string) {
  // Planned for its values: a prepared one's generic plan read every owner policy of the
  // workspace for a member without documents (100,000 at the bench: 19 ms, against 0.2).
  const mine = await querySql<CountedRow & { mine: number }>(mineSql(accountId, userId, numbers, cursor));
  const rows = mine[0]!.mine > numbers.few ? await queryPrepared<CountedRow>(pendingCountSql(accountId, userId, numbers, cursor)) : mine;
  const counts = rows[0]!;
  const pageRows =
    counts.countDocuments > numbers.limit
      ? await queryPrepared<PageRow>(walkSql(accountId, userId, numbers, cursor))
      : rows.filter((row): row is CountedRow & PageRow => row.id !== null);
  return { counts, rows: pageRows };
}

const page = <T extends { id: string }>(rows: T[], take: number) => ({
  rows: rows.slice(0, take),
  nextCursor: rows.length > take ? rows[take - 1]!.id : null,
});

/**
 * `waitingCountLimit`: how many documents waiting on others to count at most; `fewDocuments`: up
 * to how many documents of the member are tested one by one (tests lower them to take each path).
 */
export async function loadWorkQueue(
  ctx: ServiceContext,
  input: WorkQueueInput = {},
  { waitingCountLimit = WAITING_COUNT_LIMIT, fewDocuments = FEW_DOCUMENTS } = {},
) {
  const { accountId } = accountScope(ctx);
  const userId = ctx.userId!;
  const take = Math.min(Math.max(input.take ?? WORK_QUEUE_PAGE, 1), WORK_QUEUE_PAGE_MAX);
  // The signed-in user's row as the request's session statement read it, else read here.
  const known = ctx.request?.readOnly ? ctx.sessionUser?.() : undefined;
  const me =
    known?.id === userId ? known : await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, emailVerified: true } });
  // Requests addressed to an address reach a member only once they have proved they own it (a
  // new address takes effect only when verified: lib/users/update-email.ts).
  const email = me.emailVerified ? me.email.toLowerCase() : null;
  const [awaitingRows, waiting] = await Promise.all([
    querySql<AwaitingRow>(awaitingSql(accountId, userId, email, take + 1, input.toApproveCursor, input.toSignCursor)),
    loadWaiting(accountId, userId, { take: take + 1, limit: waitingCountLimit, few: fewDocuments }, input.waitingCursor),
  ]);
  const awaitingCounts = awaitingRows.find((row) => row.kind === "counts")!;
  const toApprove = awaitingRows.filter((row) => row.kind === "approval").map((row) => ({ ...row, accountId }));
  const toSign = awaitingRows.filter((row) => row.kind === "signature").map((row) => ({ ...row, accountId }));
  const approvals = page(toApprove, take);
  const signatures = page(toSign, take);
  const waitingCounts = waiting.counts;
  const documents = page(waiting.rows, take);
  const awaiting = (purpose: SigningPurpose, row: Recipient) => ({
    id: row.id,
    documentId: row.documentId,
    documentName: row.documentName,
    requestedAt: row.requestedAt,
    href: linkFor(purpose, row),
  });
  return {
    counts: {
      toApprove: awaitingCounts.toApprove,
      toSign: awaitingCounts.toSign,
      waitingDocuments: Math.min(waitingCounts.countDocuments, waitingCountLimit),
      waitingApprovals: waitingCounts.countApprovals,
      waitingSignatures: waitingCounts.countSignatures,
      /** More documents wait than were counted: the three waiting counts are lower bounds ("1,000+"). */
      waitingCapped: waitingCounts.countDocuments > waitingCountLimit,
    },
    toApprove: { items: approvals.rows.map((row) => awaiting("approval", row)), nextCursor: approvals.nextCursor },
    toSign: { items: signatures.rows.map((row) => awaiting("signature", row)), nextCursor: signatures.nextCursor },
    waiting: {
      items: documents.rows.map((doc) => ({
        documentId: doc.id,
        documentName: doc.name,
        status: doc.status,
        pendingApprovals: doc.approvals,
        pendingSignatures: doc.signatures,
        href: `/d/${doc.id}/view`,
      })),
      nextCursor: documents.nextCursor,
    },
  };
}

export type WorkQueue = Awaited<ReturnType<typeof loadWorkQueue>>;

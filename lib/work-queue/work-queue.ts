import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { DocumentStatus } from "@/lib/generated/prisma/enums";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { signingPath } from "@/lib/signing/signing-links";
import { signSigningToken, type SigningPurpose } from "@/lib/signing/signing-tokens";

/**
 * The dashboard's work queue (issue 16): what awaits the signed-in member (approvals and
 * signatures requested of them, by their user or their address, not yet answered) and what
 * waits on others (documents of the workspace they wrote or own with approvals or signatures
 * still pending), each with its count. A fixed number of indexed queries whatever the size;
 * each list pages by cursor (the last item's id).
 */
export const WORK_QUEUE_PAGE = 25;
export const WORK_QUEUE_PAGE_MAX = 100;

/** Documents whose approvals can still be given, and whose signatures can still be made. */
const CLOSED: DocumentStatus[] = ["rejected", "cancelled"];
const SIGNING: DocumentStatus[] = ["toSign", "signing"];

export const pendingApprovalWhere = { requestedAt: { not: null }, approvedAt: null, rejectedAt: null } satisfies Prisma.ApprovalWhereInput;
export const pendingSignatureWhere = { requestedAt: { not: null }, signedAt: null, declinedAt: null } satisfies Prisma.SignatureWhereInput;

export type WorkQueueInput = { take?: number; toApproveCursor?: string; toSignCursor?: string; waitingCursor?: string };

type Recipient = { id: string; documentId: string; accountId: string; email: string; requestedAt: Date | null; document: { name: string } };

/** A fresh link to the review or signing page, bound to the record's own request (the same `rat`), so older links stay valid. */
function linkFor(purpose: SigningPurpose, row: Recipient): string {
  const token = signSigningToken({
    typ: purpose,
    rid: row.id,
    did: row.documentId,
    aid: row.accountId,
    email: row.email,
    rat: row.requestedAt!.getTime(),
  });
  return signingPath(purpose, token);
}

const page = <T extends { id: string }>(rows: T[], take: number) => ({
  rows: rows.slice(0, take),
  nextCursor: rows.length > take ? rows[take - 1]!.id : null,
});

const after = (cursor: string | undefined): { cursor?: { id: string }; skip?: number } =>
  cursor ? { cursor: { id: cursor }, skip: 1 } : {};

export async function loadWorkQueue(ctx: ServiceContext, input: WorkQueueInput = {}) {
  const { accountId } = accountScope(ctx);
  const userId = ctx.userId!;
  const take = Math.min(Math.max(input.take ?? WORK_QUEUE_PAGE, 1), WORK_QUEUE_PAGE_MAX);
  const me = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  const email = me.email.toLowerCase();
  const mine = { OR: [{ userId }, { email }] };
  const toApproveWhere: Prisma.ApprovalWhereInput = {
    accountId,
    ...mine,
    ...pendingApprovalWhere,
    document: { archived: false, status: { notIn: CLOSED } },
  };
  const toSignWhere: Prisma.SignatureWhereInput = {
    accountId,
    ...mine,
    ...pendingSignatureWhere,
    document: { archived: false, status: { in: SIGNING } },
  };
  // Documents the member wrote or owns.
  const ownWhere: Prisma.DocumentWhereInput = {
    accountId,
    archived: false,
    OR: [{ authorId: userId }, { policies: { some: { userId, role: "owner", status: "active" } } }],
  };
  const waitingWhere: Prisma.DocumentWhereInput = {
    ...ownWhere,
    AND: [{ OR: [{ approvals: { some: pendingApprovalWhere } }, { signatures: { some: pendingSignatureWhere } }] }],
  };
  const recipientSelect = {
    id: true,
    documentId: true,
    accountId: true,
    email: true,
    requestedAt: true,
    document: { select: { name: true } },
  };
  const [toApprove, toSign, waiting, toApproveCount, toSignCount, waitingDocuments, waitingApprovals, waitingSignatures] =
    await Promise.all([
      db.approval.findMany({
        where: toApproveWhere,
        select: recipientSelect,
        orderBy: [{ requestedAt: "desc" }, { id: "desc" }],
        take: take + 1,
        ...after(input.toApproveCursor),
      }),
      db.signature.findMany({
        where: toSignWhere,
        select: recipientSelect,
        orderBy: [{ requestedAt: "desc" }, { id: "desc" }],
        take: take + 1,
        ...after(input.toSignCursor),
      }),
      db.document.findMany({
        where: waitingWhere,
        select: {
          id: true,
          name: true,
          status: true,
          updatedAt: true,
          _count: { select: { approvals: { where: pendingApprovalWhere }, signatures: { where: pendingSignatureWhere } } },
        },
        orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
        take: take + 1,
        ...after(input.waitingCursor),
      }),
      db.approval.count({ where: toApproveWhere }),
      db.signature.count({ where: toSignWhere }),
      db.document.count({ where: waitingWhere }),
      db.approval.count({ where: { accountId, ...pendingApprovalWhere, document: ownWhere } }),
      db.signature.count({ where: { accountId, ...pendingSignatureWhere, document: ownWhere } }),
    ]);
  const approvals = page(toApprove, take);
  const signatures = page(toSign, take);
  const documents = page(waiting, take);
  const awaiting = (purpose: SigningPurpose, row: Recipient) => ({
    id: row.id,
    documentId: row.documentId,
    documentName: row.document.name,
    requestedAt: row.requestedAt!,
    href: linkFor(purpose, row),
  });
  return {
    counts: { toApprove: toApproveCount, toSign: toSignCount, waitingDocuments, waitingApprovals, waitingSignatures },
    toApprove: { items: approvals.rows.map((row) => awaiting("approval", row)), nextCursor: approvals.nextCursor },
    toSign: { items: signatures.rows.map((row) => awaiting("signature", row)), nextCursor: signatures.nextCursor },
    waiting: {
      items: documents.rows.map((doc) => ({
        documentId: doc.id,
        documentName: doc.name,
        status: doc.status,
        pendingApprovals: doc._count.approvals,
        pendingSignatures: doc._count.signatures,
        href: `/d/${doc.id}/view`,
      })),
      nextCursor: documents.nextCursor,
    },
  };
}

export type WorkQueue = Awaited<ReturnType<typeof loadWorkQueue>>;

import { z } from "zod";
import { defineOperation } from "@/lib/operations/operation";
import { loadWorkQueue, WORK_QUEUE_PAGE_MAX } from "./work-queue";
import { idString } from "@/lib/validation/ids";

/**
 * The signed-in member's work queue (issue 16), for the dashboard: what awaits them and what
 * waits on others, with counts. Ids in the input are only cursors within the caller's own lists.
 */
const cursor = idString().optional();

const awaitingItem = z.object({
  id: z.string(),
  documentId: z.string(),
  documentName: z.string(),
  requestedAt: z.date(),
  /** The review or signing page with a fresh link of the caller's own request. */
  href: z.string(),
});

export const workQueueOutput = z.object({
  counts: z.object({
    toApprove: z.number().int(),
    toSign: z.number().int(),
    waitingDocuments: z.number().int(),
    waitingApprovals: z.number().int(),
    waitingSignatures: z.number().int(),
    /** More of my documents wait on others than were counted (WAITING_COUNT_LIMIT): the waiting counts are lower bounds. */
    waitingCapped: z.boolean(),
  }),
  toApprove: z.object({ items: z.array(awaitingItem), nextCursor: z.string().nullable() }),
  toSign: z.object({ items: z.array(awaitingItem), nextCursor: z.string().nullable() }),
  waiting: z.object({
    items: z.array(
      z.object({
        documentId: z.string(),
        documentName: z.string(),
        status: z.string(),
        pendingApprovals: z.number().int(),
        pendingSignatures: z.number().int(),
        href: z.string(),
      }),
    ),
    nextCursor: z.string().nullable(),
  }),
});

export const workQueueOperation = defineOperation({
  name: "workQueue",
  kind: "query",
  description: "What awaits the signed-in member (to approve, to sign) and what waits on others, with counts; 25 of each unless asked.",
  callers: ["member", "apiToken"],
  input: z
    .object({
      take: z.coerce.number().int().min(1).max(WORK_QUEUE_PAGE_MAX).optional(),
      toApproveCursor: cursor,
      toSignCursor: cursor,
      waitingCursor: cursor,
    })
    .strict(),
  output: workQueueOutput,
  run: (ctx, input) => loadWorkQueue(ctx, input),
});

export const workQueueOperations = [workQueueOperation] as const;

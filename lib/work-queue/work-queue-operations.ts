import { z } from "zod";
import { defineOperation } from "@/lib/operations/operation";
import { loadWorkQueue, WAITING_COUNT_LIMIT, WORK_QUEUE_PAGE_MAX } from "./work-queue";
import { idString } from "@/lib/validation/ids";

/**
 * The signed-in member's work queue (issue 16), for the dashboard: what awaits them and what
 * waits on others, with counts. Ids in the input are only cursors within the caller's own lists.
 */
const cursor = idString().optional();

/** An approval or a signature asked of me. */
export const awaitingItemSchema = z
  .object({
    id: z.string().describe("The Approval or Signature."),
    documentId: z.string(),
    documentName: z.string(),
    requestedAt: z.date(),
    href: z.string().describe("The review or signing page, with a link of my own request."),
  })
  .describe("An approval or a signature asked of me.");

/** A page of what is asked of me (to approve, to sign). */
export const awaitingPageSchema = z.object({ items: z.array(awaitingItemSchema), nextCursor: z.string().nullable() });

/** A document of mine waiting on others. */
export const waitingItemSchema = z
  .object({
    documentId: z.string(),
    documentName: z.string(),
    status: z.string(),
    pendingApprovals: z.number().int(),
    pendingSignatures: z.number().int(),
    href: z.string(),
  })
  .describe("A document of mine waiting on others.");

export const waitingPageSchema = z.object({ items: z.array(waitingItemSchema), nextCursor: z.string().nullable() });

export const workQueueCountsSchema = z.object({
  toApprove: z.number().int().describe("Approvals asked of me, not yet given."),
  toSign: z.number().int().describe("Signatures asked of me, not yet made."),
  waitingDocuments: z.number().int().describe("My documents with approvals or signatures pending."),
  waitingApprovals: z.number().int(),
  waitingSignatures: z.number().int(),
  waitingCapped: z
    .boolean()
    .describe(
      `More of my documents wait on others than were counted (${WAITING_COUNT_LIMIT.toLocaleString("en")}): the three waiting counts are lower bounds.`,
    ),
});

export const workQueueOutput = z
  .object({
    counts: workQueueCountsSchema,
    toApprove: awaitingPageSchema,
    toSign: awaitingPageSchema,
    waiting: waitingPageSchema,
  })
  .describe("What awaits me and what waits on others (the dashboard).");

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

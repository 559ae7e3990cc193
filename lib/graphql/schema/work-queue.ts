import { clientGone, pubsub } from "@/lib/events/pubsub";
import { resolveOperation } from "@/lib/operations/graphql";
import { WAITING_COUNT_LIMIT, type WorkQueue } from "@/lib/work-queue/work-queue";
import { workQueueOperation } from "@/lib/work-queue/work-queue-operations";
import { builder } from "../builder";

type Awaiting = WorkQueue["toApprove"]["items"][number];
type Waiting = WorkQueue["waiting"]["items"][number];

const WorkQueueCounts = builder.objectRef<WorkQueue["counts"]>("WorkQueueCounts").implement({
  fields: (t) => ({
    toApprove: t.exposeInt("toApprove", { description: "Approvals asked of me, not yet given." }),
    toSign: t.exposeInt("toSign", { description: "Signatures asked of me, not yet made." }),
    waitingDocuments: t.exposeInt("waitingDocuments", { description: "My documents with approvals or signatures pending." }),
    waitingApprovals: t.exposeInt("waitingApprovals"),
    waitingSignatures: t.exposeInt("waitingSignatures"),
    waitingCapped: t.exposeBoolean("waitingCapped", {
      description: `More of my documents wait on others than were counted (${WAITING_COUNT_LIMIT.toLocaleString("en")}): the three waiting counts are lower bounds.`,
    }),
  }),
});

const AwaitingItem = builder.objectRef<Awaiting>("WorkQueueAwaitingItem").implement({
  description: "An approval or a signature asked of me.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The Approval or Signature." }),
    documentId: t.exposeID("documentId"),
    documentName: t.exposeString("documentName"),
    requestedAt: t.expose("requestedAt", { type: "DateTime" }),
    href: t.exposeString("href", { description: "The review or signing page, with a link of my own request." }),
  }),
});

const WaitingItem = builder.objectRef<Waiting>("WorkQueueWaitingItem").implement({
  description: "A document of mine waiting on others.",
  fields: (t) => ({
    documentId: t.exposeID("documentId"),
    documentName: t.exposeString("documentName"),
    status: t.exposeString("status"),
    pendingApprovals: t.exposeInt("pendingApprovals"),
    pendingSignatures: t.exposeInt("pendingSignatures"),
    href: t.exposeString("href"),
  }),
});

const AwaitingPage = builder.objectRef<WorkQueue["toApprove"]>("WorkQueueAwaitingPage").implement({
  fields: (t) => ({
    items: t.field({ type: [AwaitingItem], resolve: (p) => p.items }),
    nextCursor: t.exposeString("nextCursor", { nullable: true }),
  }),
});

const WaitingPage = builder.objectRef<WorkQueue["waiting"]>("WorkQueueWaitingPage").implement({
  fields: (t) => ({
    items: t.field({ type: [WaitingItem], resolve: (p) => p.items }),
    nextCursor: t.exposeString("nextCursor", { nullable: true }),
  }),
});

const WorkQueueRef = builder.objectRef<WorkQueue>("WorkQueue").implement({
  description: "What awaits me and what waits on others (the dashboard).",
  fields: (t) => ({
    counts: t.field({ type: WorkQueueCounts, resolve: (q) => q.counts }),
    toApprove: t.field({ type: AwaitingPage, resolve: (q) => q.toApprove }),
    toSign: t.field({ type: AwaitingPage, resolve: (q) => q.toSign }),
    waiting: t.field({ type: WaitingPage, resolve: (q) => q.waiting }),
  }),
});

builder.queryFields((t) => ({
  workQueue: t.field({
    type: WorkQueueRef,
    description: "What awaits the signed-in member (to approve, to sign) and what waits on others, with counts; 25 of each unless asked.",
    args: {
      take: t.arg.int(),
      toApproveCursor: t.arg.string(),
      toSignCursor: t.arg.string(),
      waitingCursor: t.arg.string(),
    },
    resolve: resolveOperation(workQueueOperation),
  }),
}));

const WorkQueueChange = builder.simpleObject("WorkQueueChange", {
  description: "Something in the workspace's work queue changed: read workQueue again.",
  fields: (t) => ({ changedAt: t.field({ type: "DateTime" }) }),
});

builder.subscriptionField("workQueueChanged", (t) =>
  t.field({
    type: WorkQueueChange,
    description: "Fires when an approval or a signature of the member's workspace changes, in any app process.",
    subscribe: (_root, _args, context) => {
      const { ctx } = context;
      if (!ctx.userId || !ctx.accountId) return (async function* () {})();
      return pubsub.subscribe("account:workQueue", ctx.accountId, clientGone(context));
    },
    resolve: () => ({ changedAt: new Date() }),
  }),
);

import { clientGone, pubsub } from "@/lib/events/pubsub";
import type { z } from "zod";
import type { Operation } from "@/lib/operations/operation";
import * as wq from "@/lib/work-queue/work-queue-operations";
import { builder } from "../builder";
import { declaredFields, type Naming } from "../from-declarations";

/** The GraphQL names of the declaration's shapes (lib/graphql/from-declarations.ts). */
const naming: Naming = {
  names: new Map<z.ZodType, string>([
    [wq.workQueueOutput, "WorkQueue"],
    [wq.workQueueCountsSchema, "WorkQueueCounts"],
    [wq.awaitingPageSchema, "WorkQueueAwaitingPage"],
    [wq.awaitingItemSchema, "WorkQueueAwaitingItem"],
    [wq.waitingPageSchema, "WorkQueueWaitingPage"],
    [wq.waitingItemSchema, "WorkQueueWaitingItem"],
  ]),
  enums: {},
};

/** workQueue: built from its declaration (lib/work-queue/work-queue-operations.ts): arguments, result type and description. */
builder.queryFields((t) => declaredFields(t as never, [wq.workQueueOperation] as unknown as Operation[], naming));

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

import { z } from "zod";
import { defineJob } from "@/lib/jobs/job";
import { applyWebhookEvent } from "./webhook-apply";

/** The queue's work for one received event. */
export const billingWebhookJob = defineJob({
  name: "billingWebhook",
  description: "Applies one received billing webhook event (subscription status, cancellation, payments) to the workspace's plan, once.",
  input: z.object({ eventId: z.string().min(1).max(255) }),
  run: (ctx, input) => applyWebhookEvent(ctx, input.eventId),
});

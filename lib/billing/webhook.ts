import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { enqueue, prepareJobs } from "@/lib/jobs/queue";
import { billingProvider } from "./billing-provider";
import { billingWebhookJob } from "./webhook-job";

/**
 * Receives a provider's webhook: a bad signature is refused (400 VALIDATION_FAILED) and changes
 * nothing; a good one is stored once by its event id and its work goes to the job queue, in one
 * transaction (a process that dies between the two would leave an event stored, never applied,
 * and answered as a duplicate when the provider sends it again). The same event again is
 * acknowledged and not applied twice.
 */
export async function receiveWebhook(payload: string, signature: string | null): Promise<{ received: true; duplicate: boolean }> {
  const provider = billingProvider();
  let event;
  try {
    event = provider.verifyWebhook(payload, signature);
  } catch {
    throw new AppError(AppErrorCode.VALIDATION_FAILED, {
      message: "The webhook's signature does not match.",
      params: { fields: "signature" },
    });
  }
  await prepareJobs();
  const duplicate = await db.$transaction(async (tx) => {
    const stored = await tx.processedWebhookEvent.createMany({
      data: [{ id: event.id, provider: provider.name, type: event.type, payload: event as unknown as Prisma.InputJsonValue }],
      skipDuplicates: true,
    });
    if (stored.count === 0) return true;
    await enqueue(billingWebhookJob, { eventId: event.id }, { tx });
    return false;
  });
  return { received: true, duplicate };
}

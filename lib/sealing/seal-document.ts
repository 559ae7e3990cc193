import type { ServiceContext } from "@/lib/auth/context";
import type { JobAttempt } from "@/lib/jobs/job";

/** Seals a signed document (the sealing helper's branch writes it; this file only fixes its signature). */
export async function sealDocument(_ctx: ServiceContext, documentId: string, _attempt: JobAttempt): Promise<{ sealed: boolean }> {
  throw new Error(`Sealing ${documentId}: not built on this branch yet`);
}

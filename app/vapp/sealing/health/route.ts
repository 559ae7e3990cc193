import { restRoute } from "@/lib/operations/rest";
import { sealingHealthOperation } from "@/lib/sealing/sealing-operations";

export const dynamic = "force-dynamic";

/** Whether sealing can work (GraphQL `sealingHealth`); `?refresh=1` checks now. */
export const GET = restRoute(sealingHealthOperation, {
  headers: { "cache-control": "no-store" },
  map: (raw) => (raw.refresh === "1" || raw.refresh === "true" ? { refresh: true } : {}),
});

import { restRoute } from "@/lib/operations/rest";
import { SIGNED_PARAM } from "@/lib/signing/signing-links";
import { verifyUserOperation } from "@/lib/signing/verify-user-operations";

export const dynamic = "force-dynamic";

/** Who the `signed` header (or ?signed=) speaks for (GraphQL `verifyUser`). */
export const GET = restRoute(verifyUserOperation, {
  headers: { "cache-control": "no-store" },
  map: (raw) => Object.fromEntries(Object.entries(raw).filter(([key]) => key !== SIGNED_PARAM)),
});

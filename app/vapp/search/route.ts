import { restRoute } from "@/lib/operations/rest";
import { globalSearchOperation } from "@/lib/search/search-operations";

/** GET /vapp/search?q= — the home screen's search. */
export const GET = restRoute(globalSearchOperation);

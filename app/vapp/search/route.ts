import { route } from "@/lib/http/route";
import { globalSearch, globalSearchSchema } from "@/lib/search/global-search";

/** GET /vapp/search?q= — the home screen's search. */
export const GET = route({ operation: "globalSearch", input: globalSearchSchema }, ({ ctx, input }) => globalSearch(ctx, input.q));

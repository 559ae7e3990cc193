import { refreshLink } from "@/lib/links/link-operations";
import { restRoute } from "@/lib/operations/rest";

export const dynamic = "force-dynamic";

/** Swaps a link refresh token for a new access token, while the link is live: { refreshToken }. */
export const POST = restRoute(refreshLink);

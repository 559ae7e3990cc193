import { refreshDocumentLinkToken } from "@/lib/links/validate-document-link";
import { refreshLinkSchema } from "@/lib/links/schemas";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** Swaps a link refresh token for a new access token, while the link is live. */
export const POST = route({ operation: "refreshLink", input: refreshLinkSchema }, ({ ctx, input }) =>
  refreshDocumentLinkToken(ctx, input.refreshToken),
);

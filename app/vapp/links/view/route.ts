import { bearerToken } from "@/lib/links/link-access";
import { getLinkedDocument } from "@/lib/links/linked-document";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** The shared document for `Authorization: Bearer <link access token>`: details and HTML. */
export const GET = route({ operation: "linkedDocument" }, async ({ ctx, src }) =>
  Response.json(await getLinkedDocument(ctx, bearerToken(src.header("authorization"))), { headers: { "cache-control": "no-store" } }),
);

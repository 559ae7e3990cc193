import { linkedDocument } from "@/lib/links/visitor-operations";
import { restRoute } from "@/lib/operations/rest";

export const dynamic = "force-dynamic";

/** The shared document for `Authorization: Bearer <link access token>`: details and HTML. */
export const GET = restRoute(linkedDocument, { headers: { "cache-control": "no-store" } });

import { linkedDocumentFile } from "@/lib/links/visitor-operations";
import { restRoute } from "@/lib/operations/rest";

export const dynamic = "force-dynamic";

/** The shared document's latest file for `Authorization: Bearer <link access token>`; ?inline=1 to show a PDF. */
export const GET = restRoute(linkedDocumentFile);

import { linkedAttachmentFile } from "@/lib/links/visitor-operations";
import { restRoute } from "@/lib/operations/rest";

export const dynamic = "force-dynamic";

/** A file attached to the shared document, for `Authorization: Bearer <link access token>`. */
export const GET = restRoute(linkedAttachmentFile, { withParams: true });

import { fileResponse } from "@/lib/http/file-response";
import { route } from "@/lib/http/route";
import { bearerToken } from "@/lib/links/link-access";
import { getLinkedAttachmentFile } from "@/lib/links/linked-document";

export const dynamic = "force-dynamic";

/** A file attached to the shared document, for `Authorization: Bearer <link access token>`. */
export const GET = route({ operation: "linkedAttachmentFile" }, async ({ ctx, src, params }) =>
  fileResponse(await getLinkedAttachmentFile(ctx, bearerToken(src.header("authorization")), params.attachmentId)),
);

import { lockDocument, unlockDocument } from "@/lib/documents/update-document";
import { route } from "@/lib/http/route";

/** Takes or renews the edit lock (DOCUMENT_LOCKED names whoever holds it). */
export const POST = route({ operation: "lockDocument" }, async ({ ctx, params }) => lockDocument(ctx, params.id));

/** Releases the caller's lock. */
export const DELETE = route({ operation: "unlockDocument" }, async ({ ctx, params }) => unlockDocument(ctx, params.id));

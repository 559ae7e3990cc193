import { cloneDocument } from "@/lib/documents/create-document";
import { route } from "@/lib/http/route";

export const POST = route({ operation: "cloneDocument" }, async ({ ctx, params }) => cloneDocument(ctx, params.id));

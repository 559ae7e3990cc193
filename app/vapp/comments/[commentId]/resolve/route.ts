import { resolveComment } from "@/lib/documents/comment-operations";
import { restRoute } from "@/lib/operations/rest";

/** Resolves a thread, or reopens it with { resolved: false } (its author or an editor; GraphQL `resolveComment`). */
export const POST = restRoute(resolveComment, { withParams: true });

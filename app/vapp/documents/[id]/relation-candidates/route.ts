import { listRelationCandidates } from "@/lib/documents/relation-operations";
import { restRoute } from "@/lib/operations/rest";

/** What the relation picker offers for ?q=: up to 10 visible documents and 10 templates (editor). */
export const GET = restRoute(listRelationCandidates, { withParams: true });

import { relationCandidatesSchema } from "@/lib/documents/relation-schemas";
import { findRelationCandidates } from "@/lib/documents/relations";
import { route } from "@/lib/http/route";

/** What the relation picker offers for ?q=: up to 10 visible documents and 10 templates (editor). */
export const GET = route({ operation: "relationCandidates", input: relationCandidatesSchema }, ({ ctx, params, input }) =>
  findRelationCandidates(ctx, params.id, input),
);

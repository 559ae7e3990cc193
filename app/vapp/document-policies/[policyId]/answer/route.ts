import { answerAccessRequest, answerAccessRequestSchema } from "@/lib/documents/policies";
import { route } from "@/lib/http/route";

/** An owner accepts or refuses an access request: { accept, role? } (role defaults to reader). */
export const POST = route({ operation: "answerAccessRequest", input: answerAccessRequestSchema }, ({ ctx, params, input }) =>
  answerAccessRequest(ctx, params.policyId, input),
);

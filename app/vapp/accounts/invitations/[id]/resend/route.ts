import { z } from "zod";
import { resendInvitation } from "@/lib/accounts/invite-members";
import { membershipSchema } from "@/lib/accounts/member";
import { route } from "@/lib/http/route";

export const POST = route({ operation: "resendInvitation", input: z.object({ id: z.string().min(1).max(64) }), withParams: true, output: membershipSchema }, ({ ctx, input }) =>
  resendInvitation(ctx, input.id),
);

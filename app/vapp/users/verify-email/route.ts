import { tokenQuerySchema } from "@/lib/auth/schemas";
import { verifyEmail } from "@/lib/auth/verify-email";
import { route } from "@/lib/http/route";

export const GET = route({ operation: "verifyEmail", input: tokenQuerySchema }, ({ ctx, input }) => verifyEmail(ctx, input.token));

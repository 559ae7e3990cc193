import { forgotPassword } from "@/lib/auth/forgot-password";
import { forgotPasswordSchema } from "@/lib/auth/schemas";
import { route } from "@/lib/http/route";

export const POST = route({ operation: "forgotPassword", input: forgotPasswordSchema }, ({ ctx, input }) => forgotPassword(ctx, input));

import { changePassword } from "@/lib/auth/change-password";
import { changePasswordSchema } from "@/lib/auth/schemas";
import { route } from "@/lib/http/route";

export const POST = route({ operation: "changePassword", input: changePasswordSchema }, ({ ctx, input }) => changePassword(ctx, input));

import { setPasswordSchema } from "@/lib/auth/schemas";
import { route } from "@/lib/http/route";
import { setPassword } from "@/lib/users/update-password";

export const POST = route({ operation: "setPassword", input: setPasswordSchema }, ({ ctx, input }) => setPassword(ctx, input));

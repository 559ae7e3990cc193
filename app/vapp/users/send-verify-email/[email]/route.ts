import { z } from "zod";
import { emailSchema } from "@/lib/auth/schemas";
import { sendVerifyEmail } from "@/lib/auth/send-verify-email";
import { route } from "@/lib/http/route";

const schema = z.object({ email: emailSchema });

export const POST = route({ operation: "sendVerifyEmail", input: schema, withParams: true }, ({ ctx, input }) =>
  sendVerifyEmail(ctx, input.email),
);

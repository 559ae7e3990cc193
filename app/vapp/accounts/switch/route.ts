import { switchAccount, switchAccountSchema } from "@/lib/accounts/switch-account";
import { route } from "@/lib/http/route";

export const POST = route({ operation: "switchAccount", input: switchAccountSchema }, ({ ctx, input }) =>
  switchAccount(ctx, input.accountId),
);

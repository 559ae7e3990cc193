import { acceptTos } from "@/lib/users/accept-tos";
import { route } from "@/lib/http/route";

export const POST = route({ operation: "acceptTos" }, ({ ctx }) => acceptTos(ctx));

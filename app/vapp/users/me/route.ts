import { getMe } from "@/lib/users/get-me";
import { route } from "@/lib/http/route";

export const GET = route({ operation: "me" }, ({ ctx }) => getMe(ctx));

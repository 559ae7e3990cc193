import { requestMagicLink } from "@/lib/auth/request-magic-link";
import { magicLinkSchema } from "@/lib/auth/schemas";
import { route } from "@/lib/http/route";

export const POST = route({ operation: "magicLinkLogin", input: magicLinkSchema }, ({ ctx, input }) => requestMagicLink(ctx, input));

import { samlQuerySchema, signInWithSaml } from "@/lib/sign-in/sign-in-with-saml";
import { route } from "@/lib/http/route";

/** Starts SAML sign-in for the workspace in `?aid=` (or `?slug=`); not available yet (SSO_NOT_AVAILABLE). */
export const GET = route({ operation: "samlLogin", input: samlQuerySchema }, ({ ctx, input }) => signInWithSaml(ctx, input));

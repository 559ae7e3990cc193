import { buildContext, sourceFromRequest } from "@/lib/auth/get-request-context";
import type { ServiceContext } from "@/lib/auth/context";
import { samlQuerySchema, signInWithSaml } from "@/lib/sign-in/sign-in-with-saml";
import { errorResponse } from "@/lib/http/error-response";
import { parseInput } from "@/lib/http/parse-input";

/**
 * The identity provider posts its SAML response here, from its own site, so our CSRF token cannot
 * be there (SAML's protection is the signed response, for the later issue that checks it). Nothing
 * is read from the body and nobody is signed in: the workspace in `?aid=` is resolved and the
 * answer is SAML_SLUG_UNKNOWN or SSO_NOT_AVAILABLE.
 */
export async function POST(req: Request): Promise<Response> {
  let ctx: ServiceContext | undefined;
  try {
    ctx = await buildContext(sourceFromRequest(req));
    const input = parseInput(samlQuerySchema, Object.fromEntries(new URL(req.url).searchParams), "samlCallback");
    return await signInWithSaml(ctx, input, "samlCallback");
  } catch (error) {
    return errorResponse(error, ctx?.locale ?? "en");
  }
}

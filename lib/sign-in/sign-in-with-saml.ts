import { z } from "zod";
import { db } from "@/lib/db";
import { getAccountIdBySlug } from "@/lib/auth/get-account-id-by-slug";
import { AppError, AppErrorCode, missingParameter } from "@/lib/errors/app-error";
import type { ServiceContext } from "@/lib/auth/context";
import { LIMITS } from "@/lib/validation/limits";

/** The workspace of a SAML sign-in: its id (`aid`, as the spec adds it) or its sign-in slug. */
export const samlQuerySchema = z.object({
  aid: z.string().trim().min(1).max(LIMITS.id).optional(),
  slug: z.string().trim().min(1).max(LIMITS.id).optional(),
});
export type SamlQuery = z.infer<typeof samlQuerySchema>;

/**
 * SAML sign-in (GET /vapp/auth/provider/saml and its callback). SAML itself is a later issue, so
 * this only resolves the workspace and says so: SAML_SLUG_UNKNOWN for an unknown or inactive
 * workspace (the sign-in is rejected, spec section 8), SSO_NOT_AVAILABLE for a known one, and
 * MISSING_PARAMETER without `aid` or `slug`. It never signs anyone in.
 */
export async function signInWithSaml(_ctx: ServiceContext, input: SamlQuery, operation = "samlLogin"): Promise<never> {
  if (!input.aid && !input.slug) throw missingParameter("aid", operation);
  const account = input.aid
    ? await db.account.findFirst({ where: { id: input.aid, active: true }, select: { id: true, name: true } })
    : await getAccountIdBySlug(input.slug!);
  if (!account) {
    throw new AppError(AppErrorCode.SAML_SLUG_UNKNOWN, {
      message: "No workspace uses this sign-in address.",
      params: { slug: input.aid! },
    });
  }
  throw new AppError(AppErrorCode.SSO_NOT_AVAILABLE, {
    message: "Single sign-on is not available for this workspace yet.",
    params: { account: account.name },
  });
}

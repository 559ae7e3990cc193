import { db } from "@/lib/db";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";

/**
 * Resolves the single sign-on slug of `/login/:slug`. Throws SAML_SLUG_UNKNOWN, which rejects
 * the sign-in (spec section 8).
 */
export async function getAccountIdBySlug(slug: string): Promise<{ id: string; name: string }> {
  const account = await db.account.findFirst({
    where: { slug: slug.toLowerCase(), active: true },
    select: { id: true, name: true },
  });
  if (!account) {
    throw new AppError(AppErrorCode.SAML_SLUG_UNKNOWN, {
      message: "No workspace uses this sign-in address.",
      params: { slug },
    });
  }
  return account;
}

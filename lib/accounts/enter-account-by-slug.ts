import { getAccountIdBySlug } from "@/lib/auth/get-account-id-by-slug";
import { switchAccount } from "@/lib/accounts/switch-account";
import { AppErrorCode, isAppError } from "@/lib/errors/app-error";
import { requireUser, type ServiceContext } from "@/lib/auth/context";

export type EnterAccountResult =
  | { status: "entered"; account: { id: string; name: string } }
  | { status: "notMember"; account: { id: string; name: string } }
  | { status: "unknown" };

/**
 * The signed-in half of the sub-domain guard (lib/navigation/subdomain.ts): the visitor of
 * `acme.<base>` lands on `/login/acme` with a session, and this selects the workspace. The slug
 * is resolved like `/login/:slug` does (getAccountIdBySlug). An active member's session is moved
 * into it through switchAccount (the account switcher's service, audited
 * `session.accountSwitched`; nothing is written when the session is already there): `entered`.
 * Anyone else keeps their session as it is: `notMember`, or `unknown` for a slug no active
 * workspace uses. Throws UNAUTHENTICATED without a user.
 */
export async function enterAccountBySlug(ctx: ServiceContext, slug: string): Promise<EnterAccountResult> {
  requireUser(ctx);
  let account: { id: string; name: string };
  try {
    account = await getAccountIdBySlug(slug);
  } catch (error) {
    if (isAppError(error) && error.code === AppErrorCode.SAML_SLUG_UNKNOWN) return { status: "unknown" };
    throw error;
  }
  if (ctx.accountId === account.id) return { status: "entered", account };
  try {
    await switchAccount(ctx, account.id);
  } catch (error) {
    if (isAppError(error) && error.code === AppErrorCode.NOT_FOUND) return { status: "notMember", account };
    throw error;
  }
  return { status: "entered", account };
}

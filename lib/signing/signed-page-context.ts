import "server-only";
import { cookies, headers } from "next/headers";
import type { ServiceContext } from "@/lib/auth/context";
import { buildContext } from "@/lib/auth/get-request-context";
import { isAppError } from "@/lib/errors/app-error";
import type { SigningLinkFailure } from "./signing-links";
import { verifySigningToken } from "./signing-tokens";

/**
 * The context of a reviewer's or signer's page (/sign, /review, /thanks): built as a request
 * carrying the page's token in the `signed` header would be, so the services see the same caller
 * (IP and user agent included) the REST routes do. `failure` says why the token itself is refused.
 */
export async function signedPageContext(token: string | undefined): Promise<{ ctx: ServiceContext } | { failure: SigningLinkFailure }> {
  if (!token) return { failure: "invalid" };
  const checked = verifySigningToken(token);
  if (!checked.ok) return { failure: checked.reason };
  const [headerStore, cookieStore] = await Promise.all([headers(), cookies()]);
  const ctx = await buildContext({
    header: (name) => (name === "signed" ? token : headerStore.get(name)),
    cookie: (name) => cookieStore.get(name)?.value ?? null,
  });
  return { ctx };
}

/** The failed-link reason of an error of a signer's or reviewer's service, or null for any other error. */
export function signingFailure(error: unknown): SigningLinkFailure | null {
  if (!isAppError(error) || error.code !== "SIGNING_LINK_INVALID") return null;
  return ((error.details as { reason?: SigningLinkFailure } | undefined)?.reason ?? "invalid") as SigningLinkFailure;
}

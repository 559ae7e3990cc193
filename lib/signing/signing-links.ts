/**
 * The addresses of approval and signature links, and where a link that failed sends its holder
 * (spec section 8: failed-link addresses for signature and approval links). Client-safe.
 */
import type { SigningPurpose } from "./signing-tokens";

/** The query parameter and the request header that carry the token (spec: the `signed` header). */
export const SIGNED_PARAM = "signed";
export const SIGNED_HEADER = "signed";

export const SIGNING_PAGES: Record<SigningPurpose, { path: string; failedPath: string }> = {
  approval: { path: "/review", failedPath: "/review/failed" },
  signature: { path: "/sign", failedPath: "/sign/failed" },
};

/** Why a link failed, as the failed-link page explains it. */
export type SigningLinkFailure = "invalid" | "expired" | "replaced" | "completed" | "cancelled" | "notYourTurn";

/** The path (with its token) a recipient opens: `/review?signed=…` or `/sign?signed=…`. */
export const signingPath = (purpose: SigningPurpose, token: string) =>
  `${SIGNING_PAGES[purpose].path}?${SIGNED_PARAM}=${encodeURIComponent(token)}`;

export const signingFailedPath = (purpose: SigningPurpose, reason: SigningLinkFailure) =>
  `${SIGNING_PAGES[purpose].failedPath}?reason=${reason}`;

/** Where a signer goes after signing: /thanks shows only for a signed document, else it sends them to /out. */
export const thanksPath = (token: string) => `/thanks?${SIGNED_PARAM}=${encodeURIComponent(token)}`;
export const OUT_PATH = "/out";

import { SIGNED_PARAM } from "./signing-links";

/**
 * A reviewer's or signer's plain link (an <img> of a page, a download) carries their token as the
 * `signed` query parameter (buildContext reads it on GET): it is the caller's credential, not the
 * operation's input, so the REST route leaves it out before validating.
 */
export function withoutSignedParam(raw: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(raw).filter(([key]) => key !== SIGNED_PARAM));
}

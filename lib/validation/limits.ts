/**
 * The lengths of what people and callers type, one table for the zod schemas that check them and
 * the form fields that stop typing at them (`maxLength={LIMITS.title}`), so the two never drift
 * apart. A plain constants module: client components import it, so it imports nothing. The zod
 * helpers built on it are in ./ids.ts. Domains with limits of their own keep their tables
 * (ACCOUNT_LIMITS, VARIABLE_LIMITS, STRUCTURED_LIMITS…).
 */
export const LIMITS = {
  /** A record's id (ours are 25 characters), a cursor, a Stripe object id. */
  id: 64,
  /** A cache-busting version tag (`?v=…`). */
  version: 64,
  /** An IANA time-zone name. */
  timeZone: 64,
  /** A promotion code or coupon. */
  code: 64,
  /** A document's or template's name. */
  title: 200,
  /** The words typed into a list's or a picker's search box. */
  search: 200,
  /** The name of a tag or a role. */
  shortName: 60,
  /** The name of a category, an API token or a share link. */
  name: 100,
  /** A member's first or last name. */
  memberName: 100,
  /** A signer's or party's name, a signature's typed name, a placed field's name. */
  personName: 120,
  /** An e-mail address (RFC 5321's longest path). */
  email: 254,
  /** A document's or template's description. */
  description: 2000,
  /** A message, comment, reply or reason someone writes. */
  comment: 2000,
  /** A data-store variable's description. */
  note: 500,
  /** A document's reference. */
  ref: 100,
  /** A jurisdiction. */
  jurisdiction: 100,
  /** An ISO 4217 currency code. */
  currency: 3,
  /** A signer's typed initials. */
  initials: 8,
  /** A signer's identity document number. */
  idNumber: 64,
  /** A one-time code sent by e-mail. */
  verificationCode: 6,
} as const;

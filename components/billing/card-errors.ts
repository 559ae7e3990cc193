/** A refusal from the card provider, for the message by decline code (spec section 8). */
export type CardFailure = { code?: string | null; declineCode?: string | null };

/** Confirms a card setup that needs the holder (3-D Secure) with the provider's library: null when confirmed. */
export type ConfirmCardSetup = (clientSecret: string) => Promise<CardFailure | null>;

/** The message key for a card refusal (spec section 8): by decline code, else by error code; null when neither has a text. */
export function cardErrorKey(failure: CardFailure, has: (key: string) => boolean): string | null {
  for (const key of [failure.declineCode, failure.code]) if (key && has(`cardErrors.${key}`)) return `cardErrors.${key}`;
  return null;
}

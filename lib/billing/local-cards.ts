/**
 * The offline provider's test cards (Stripe's test-mode numbers, docs/billing.md) and its card
 * tokens: the local card field sends `tok_local_<number>_<month>_<year>`, the offline stand-in for
 * a token from Stripe.js. Plain rules, shared by the card field (which checks a number before
 * sending it) and lib/billing/local-provider.ts.
 */
export type TestCardOutcome =
  | { kind: "succeeds" }
  | { kind: "requiresAction" }
  | { kind: "declined"; code: string; declineCode: string | null }
  /** Saved, but every charge fails (a renewal on it makes the subscription past_due). */
  | { kind: "chargeDeclines"; declineCode: string };

export const TEST_CARDS: Record<string, TestCardOutcome> = {
  "4242424242424242": { kind: "succeeds" },
  "5555555555554444": { kind: "succeeds" },
  "378282246310005": { kind: "succeeds" },
  "4000002500003155": { kind: "requiresAction" },
  "4000000000000002": { kind: "declined", code: "card_declined", declineCode: "generic_decline" },
  "4000000000009995": { kind: "declined", code: "card_declined", declineCode: "insufficient_funds" },
  "4000000000000069": { kind: "declined", code: "expired_card", declineCode: null },
  "4000000000000341": { kind: "chargeDeclines", declineCode: "generic_decline" },
};

/** Luhn's check digit rule. */
export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(number)) return "mastercard";
  if (/^3[47]/.test(number)) return "amex";
  if (/^6(011|5)/.test(number)) return "discover";
  if (/^35/.test(number)) return "jcb";
  if (/^3(0[0-5]|[68])/.test(number)) return "diners";
  if (/^62/.test(number)) return "unionpay";
  return "unknown";
}

export const localToken = (number: string, month: number, year: number) => `tok_local_${number}_${month}_${year}`;

export function parseLocalToken(token: string): { number: string; month: number; year: number } | null {
  const match = /^tok_local_(\d{12,19})_(\d{1,2})_(\d{4})$/.exec(token);
  if (!match) return null;
  const month = Number(match[2]);
  if (month < 1 || month > 12 || !luhnValid(match[1])) return null;
  return { number: match[1], month, year: Number(match[3]) };
}

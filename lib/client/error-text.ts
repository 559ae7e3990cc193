import { ApiError } from "./api";

/** The two sentences the browser keeps for failures the server did not word: ours, and no answer at all. */
export type FallbackSentences = { INTERNAL: string; NETWORK: string };

/**
 * Turns any failure into a sentence in the interface language. The server already answers with
 * errors.<CODE> in the request's language (lib/http/error-response.ts); `fallback` words the rest.
 * Without next-intl, so a screen can pass the sentences as props and load no translation runtime.
 */
export function errorText(error: unknown, fallback: FallbackSentences): string {
  if (error instanceof ApiError) {
    if (error.message && error.code !== "INTERNAL" && error.code !== "NETWORK") return error.message;
    if (error.code === "NETWORK") return fallback.NETWORK;
  }
  return fallback.INTERNAL;
}

import { z } from "zod";
import { safeEqual } from "@/lib/auth/crypto";
import type { RequestSource } from "@/lib/auth/get-request-context";
import { AppError, AppErrorCode, missingParameter } from "@/lib/errors/app-error";
import { hasValidCsrf, needsCsrf } from "@/lib/http/csrf";
import { parseInput, readBodyText, readJsonBody } from "@/lib/http/parse-input";

/** The cookie (and form field) of Google's own CSRF check for One Tap's redirect mode. */
export const ONE_TAP_CSRF_COOKIE = "g_csrf_token";
/** An ID token is 1–2 KB; nothing legitimate comes near this. */
const MAX_BYTES = 16 * 1024;

const jsonSchema = z.object({ credential: z.string().min(1).max(8192) }).strict();

async function readFormBody(req: Request): Promise<URLSearchParams> {
  return new URLSearchParams(await readBodyText(req, MAX_BYTES));
}

/**
 * Reads the One Tap `credential` of POST /vapp/auth/provider/googleonetap/cb and checks where
 * the request comes from. Google's redirect mode posts a form (`credential`, `g_csrf_token`)
 * from its own page, which cannot know our CSRF token; instead Google sets the same
 * `g_csrf_token` as a cookie on our site, and the two must match (Google's double-submit check).
 * A JSON call from our own pages (`{ credential }`) needs our CSRF token like any other call.
 * Throws CSRF_INVALID, MISSING_PARAMETER, VALIDATION_FAILED or PAYLOAD_TOO_LARGE.
 */
export async function readGoogleOneTapRequest(req: Request, src: RequestSource): Promise<{ credential: string; isForm: boolean }> {
  const isForm = /^application\/x-www-form-urlencoded\s*(;|$)/i.test(req.headers.get("content-type") ?? "");
  if (!isForm) {
    if (needsCsrf(src) && !hasValidCsrf(src)) {
      throw new AppError(AppErrorCode.CSRF_INVALID, { message: "Missing or invalid CSRF token." });
    }
    const { credential } = parseInput(jsonSchema, await readJsonBody(req, MAX_BYTES), "googleOneTapCallback");
    return { credential, isForm };
  }
  const form = await readFormBody(req);
  const cookie = src.cookie(ONE_TAP_CSRF_COOKIE);
  const field = form.get(ONE_TAP_CSRF_COOKIE);
  if (!cookie || !field || !safeEqual(cookie, field)) {
    throw new AppError(AppErrorCode.CSRF_INVALID, { message: "The Google sign-in form did not come from Google." });
  }
  const credential = form.get("credential");
  if (!credential) throw missingParameter("credential", "googleOneTapCallback");
  if (credential.length > 8192) {
    throw new AppError(AppErrorCode.VALIDATION_FAILED, {
      message: "Some fields are not valid: credential",
      params: { fields: "credential" },
    });
  }
  return { credential, isForm };
}

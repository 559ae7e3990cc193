import { z } from "zod";
import { LOCALES } from "@/lib/i18n/locales";
import { appBaseUrl } from "@/lib/navigation/app-base-url";
import { safeRedirect } from "@/lib/navigation/safe-redirect";
import { isValidPhone, normalizePhone } from "@/lib/users/phone";
import { LIMITS } from "@/lib/validation/limits";
import { ACCOUNT_LIMITS } from "@/lib/accounts/account-limits";

const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

/** Input schemas of the auth and user entry points; unknown fields are rejected. */
export const emailSchema = z.string().trim().toLowerCase().email().max(LIMITS.email);

/** Spec section 5: at least one lower-case letter, one upper-case letter, one digit, 8 characters. */
export const passwordSchema = z
  .string()
  .min(8)
  .max(200)
  .regex(/[a-z]/, { message: "lowercase" })
  .regex(/[A-Z]/, { message: "uppercase" })
  .regex(/[0-9]/, { message: "digit" });

/**
 * Where to go after signing in: only back into the app or a workspace sub-domain
 * (lib/navigation/safe-redirect.ts), kept as what it resolves to (a path for the app itself).
 * `//host`, `/\host`, `/%09/host`, other sites and schemes are refused.
 */
export const redirectSchema = z
  .string()
  .max(2000)
  .transform((value, ctx) => {
    const safe = safeRedirect(value, appBaseUrl());
    if (safe === null) {
      ctx.addIssue({ code: "custom", message: "redirect" });
      return z.NEVER;
    }
    return safe;
  });

const nameSchema = z.string().trim().min(1).max(LIMITS.memberName);

export const signUpSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    firstName: nameSchema,
    lastName: z.string().trim().max(LIMITS.memberName).default(""),
    /** The new workspace's name; not needed when joining a workspace by invitation. */
    accountName: z.string().trim().min(1).max(ACCOUNT_LIMITS.name).optional(),
    language: z.enum(LOCALES).optional(),
  })
  .strict();
export type SignUpInput = z.infer<typeof signUpSchema>;

/** A workspace's sub-domain and sign-in slug (`acme` of acme.<base> and `/login/acme`). */
export const accountSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9-]{1,63}$/);

/** `slug`: signing in at `/login/:slug` starts the session in that workspace (members only). */
export const signInSchema = z
  .object({ email: emailSchema, password: z.string().min(1).max(200), slug: accountSlugSchema.optional() })
  .strict();
export type SignInInput = z.infer<typeof signInSchema>;

export const magicLinkSchema = z.object({ email: emailSchema, redirect: redirectSchema.optional() }).strict();
export type MagicLinkInput = z.infer<typeof magicLinkSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema }).strict();
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const changePasswordSchema = z.object({ token: z.string().min(1).max(200), password: passwordSchema }).strict();
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const setPasswordSchema = z.object({ password: passwordSchema }).strict();
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;

export const updatePasswordSchema = z.object({ currentPassword: z.string().min(1).max(200), password: passwordSchema }).strict();
export type UpdatePasswordInput = z.infer<typeof updatePasswordSchema>;

export const updateEmailSchema = z.object({ email: emailSchema, password: z.string().max(200).optional() }).strict();
export type UpdateEmailInput = z.infer<typeof updateEmailSchema>;

export const emailPreferencesSchema = z
  .object({
    successApprovals: z.boolean(),
    docSigned: z.boolean(),
    signs: z.boolean(),
    tips: z.boolean(),
  })
  .partial()
  .strict();

export const updateUserSchema = z
  .object({
    firstName: nameSchema,
    lastName: z.string().trim().max(LIMITS.memberName),
    avatar: z.string().url().max(2000).nullable(),
    phone: z.string().trim().max(32).refine(isValidPhone, { message: "phone" }).transform(normalizePhone).nullable(),
    language: z.enum(LOCALES).nullable(),
    timezone: z.string().max(LIMITS.timeZone).refine(isTimeZone, { message: "timezone" }).nullable(),
    signatureEmail: emailSchema.nullable(),
    emailPreferences: emailPreferencesSchema,
  })
  .partial()
  .strict();
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

export const updateUserMetadataSchema = z
  .object({
    hasSeenWelcomeTour: z.boolean(),
    hasSeenWelcomeTourFlow: z.boolean(),
    /** The member hid the dashboard's next steps (lib/work-queue/next-steps.ts). */
    hasDismissedNextSteps: z.boolean(),
  })
  .partial()
  .strict();
export type UpdateUserMetadataInput = z.infer<typeof updateUserMetadataSchema>;

export const refreshTokenSchema = z.object({ refreshToken: z.string().min(1).max(200) }).strict();

export const tokenQuerySchema = z.object({ token: z.string().min(1).max(200) });

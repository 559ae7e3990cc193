/**
 * The one error type services throw for anything a person can act on. REST maps `code` to an
 * HTTP status (`httpStatus`), GraphQL puts `code` (BAD_USER_INPUT with `reason` = our code for
 * bad input, lib/graphql/errors.ts), `type` and `message` in the error extensions, and screens
 * show `t('errors.' + code)`.
 */
export const AppErrorCode = {
  /** The record does not exist or belongs to another account. */
  NOT_FOUND: "NOT_FOUND",
  /** Signed in, but the role lacks the permission. */
  FORBIDDEN: "FORBIDDEN",
  /** No valid session, bearer token or API key. */
  UNAUTHENTICATED: "UNAUTHENTICATED",
  /** Input failed validation; `details.fields` says which. */
  VALIDATION_FAILED: "VALIDATION_FAILED",
  /** A required parameter was null or undefined. */
  MISSING_PARAMETER: "MISSING_PARAMETER",
  /** The body is not valid JSON. */
  MALFORMED_JSON: "MALFORMED_JSON",
  /** The body is larger than the route accepts. */
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  /** A state-changing call came without a valid CSRF token. */
  CSRF_INVALID: "CSRF_INVALID",
  /** The write would duplicate something unique. */
  CONFLICT: "CONFLICT",
  /** The address is already registered. */
  EMAIL_TAKEN: "EMAIL_TAKEN",
  /** A plan or size limit was reached. */
  LIMIT_EXCEEDED: "LIMIT_EXCEEDED",
  /** Wrong address or password (never says which). */
  INVALID_CREDENTIALS: "INVALID_CREDENTIALS",
  /** Password sign-in before the address was verified. */
  EMAIL_NOT_VERIFIED: "EMAIL_NOT_VERIFIED",
  /** Too many attempts (sign-ins, emailed links, codes, passwords, API keys); `details.retryAt` says when to try again. */
  TOO_MANY_ATTEMPTS: "TOO_MANY_ATTEMPTS",
  /** A verification, reset or magic-link token that does not exist. */
  TOKEN_INVALID: "TOKEN_INVALID",
  /** A token past its expiry. */
  TOKEN_EXPIRED: "TOKEN_EXPIRED",
  /** A single-use token already used. */
  TOKEN_USED: "TOKEN_USED",
  /** The current password given does not match. */
  WRONG_PASSWORD: "WRONG_PASSWORD",
  /** The account already has a password (use change password). */
  PASSWORD_ALREADY_SET: "PASSWORD_ALREADY_SET",
  /** No account uses this single sign-on slug. */
  SAML_SLUG_UNKNOWN: "SAML_SLUG_UNKNOWN",
  /** The workspace exists, but single sign-on (SAML) is not available for it yet. */
  SSO_NOT_AVAILABLE: "SSO_NOT_AVAILABLE",
  /** A sign-in method (Google, One Tap) whose keys this server does not have. */
  SIGN_IN_METHOD_UNAVAILABLE: "SIGN_IN_METHOD_UNAVAILABLE",
  /** A Google credential (One Tap ID token) that is forged, expired or issued for another app. */
  IDENTITY_TOKEN_INVALID: "IDENTITY_TOKEN_INVALID",
  /** The refresh token is unknown, revoked or expired. */
  SESSION_EXPIRED: "SESSION_EXPIRED",
  /** The request needs an account (header or membership) and has none. */
  ACCOUNT_REQUIRED: "ACCOUNT_REQUIRED",
  /** The workspace must keep at least one active Administrator. */
  LAST_ADMINISTRATOR: "LAST_ADMINISTRATOR",
  /** The address already belongs to a member of the workspace. */
  ALREADY_MEMBER: "ALREADY_MEMBER",
  /** A role some member (or invitation) still holds cannot be deleted: give them another role first. */
  ROLE_IN_USE: "ROLE_IN_USE",
  /** An invitation for another address: sign in as the invited person. */
  INVITATION_OTHER_USER: "INVITATION_OTHER_USER",
  /** An uploaded file is larger than allowed. */
  FILE_TOO_LARGE: "FILE_TOO_LARGE",
  /** An uploaded file's content is not of an accepted type (checked by its bytes). */
  FILE_TYPE_NOT_ALLOWED: "FILE_TYPE_NOT_ALLOWED",
  /** A template uses more than one variable format. */
  MIXED_VARIABLE_FORMATS: "MIXED_VARIABLE_FORMATS",
  /** The file is damaged, or not the kind of file its name says. */
  FILE_CORRUPT: "FILE_CORRUPT",
  /**
   * A PDF or Word (.docx) file that does not open: damaged or hostile structure, a password, more
   * pages than allowed or too slow to open (`params.reason`: damaged, encrypted, pages, timeout).
   */
  FILE_UNREADABLE: "FILE_UNREADABLE",
  /** More files in one upload than allowed. */
  TOO_MANY_FILES: "TOO_MANY_FILES",
  /** A PDF template without form fields. */
  NO_PDF_FORM: "NO_PDF_FORM",
  /** A .doc file while LibreOffice is not installed on the server. */
  CONVERTER_UNAVAILABLE: "CONVERTER_UNAVAILABLE",
  /** A page image not ready in the time a request waits (`reason` busy, `details.retryAt`), or slower than the render limit (`tooSlow`). */
  PAGE_IMAGE_UNAVAILABLE: "PAGE_IMAGE_UNAVAILABLE",
  /** The template cannot be filled (an unclosed field, a broken tag). */
  TEMPLATE_INVALID: "TEMPLATE_INVALID",
  /** A formula names a variable the template does not have, or does not compute. */
  FORMULA_INVALID: "FORMULA_INVALID",
  /** The document status cannot change from the current one to the one asked for. */
  INVALID_TRANSITION: "INVALID_TRANSITION",
  /** Someone else is editing the document. */
  DOCUMENT_LOCKED: "DOCUMENT_LOCKED",
  /** A document must keep at least one owner: make someone else owner first. */
  LAST_DOCUMENT_OWNER: "LAST_DOCUMENT_OWNER",
  /** The file of one of the document's fields stays with it, as its values do (only annexes are removed). */
  ATTACHMENT_FILLS_FIELD: "ATTACHMENT_FILLS_FIELD",
  /** A document already keeps the most attachments it may. */
  TOO_MANY_ATTACHMENTS: "TOO_MANY_ATTACHMENTS",
  /** Field values are refilled only in a document made from a template that still exists. */
  NOT_FROM_TEMPLATE: "NOT_FROM_TEMPLATE",
  /** A share link past its expiry, or refused to this visitor. */
  LINK_EXPIRED: "LINK_EXPIRED",
  /**
   * An approval or signature link that is forged, expired, asked again (a newer link replaced it)
   * or already used: `details.reason` says which (lib/signing/signing-links.ts SigningLinkFailure).
   */
  SIGNING_LINK_INVALID: "SIGNING_LINK_INVALID",
  /** Sealing again a document whose latest version is its sealed copy (a conflict, 409). */
  ALREADY_SEALED: "ALREADY_SEALED",
  /** Sealing a document some signer has not signed (or declined): nothing to seal yet (409). */
  NOT_READY_TO_SEAL: "NOT_READY_TO_SEAL",
  /** A reviewer changing the document when their approval does not allow modification (allowModification off). */
  MODIFICATION_NOT_ALLOWED: "MODIFICATION_NOT_ALLOWED",
  /** Signing waits until every approval of the document is approved (Document.settings.signAfterApproval). */
  APPROVALS_PENDING: "APPROVALS_PENDING",
  /** A signer's certificate file (.p12) that does not open: damaged, or not a PKCS#12 file. */
  CERTIFICATE_INVALID: "CERTIFICATE_INVALID",
  /** The password does not open the signer's certificate file. */
  CERTIFICATE_PASSWORD_WRONG: "CERTIFICATE_PASSWORD_WRONG",
  /** The feature is not in the workspace's plan (the screens offer the upgrade). */
  FEATURE_NOT_IN_PLAN: "FEATURE_NOT_IN_PLAN",
  /**
   * The plan's limit is reached (documents this period): `details.limit`, `details.max`, `details.plan`;
   * what exists stays, creating more waits for an upgrade (docs/billing.md).
   */
  PLAN_LIMIT_REACHED: "PLAN_LIMIT_REACHED",
  /** The card was refused: `details.code` and `details.declineCode` are the provider's (card_declined, insufficient_funds, …). */
  CARD_DECLINED: "CARD_DECLINED",
  /** The workspace's only card cannot be deleted. */
  LAST_PAYMENT_METHOD: "LAST_PAYMENT_METHOD",
  /**
   * A GraphQL request over one of the API's limits (aliases, depth, tokens, directives, cost,
   * list items, time; docs/api.md): `details.limit` says which, `details.max` the limit.
   */
  QUERY_TOO_COMPLEX: "QUERY_TOO_COMPLEX",
  /** A query or mutation sent over the GraphQL WebSocket, which serves subscriptions only (lib/graphql/ws.ts). */
  SUBSCRIPTIONS_ONLY: "SUBSCRIPTIONS_ONLY",
  /** The database could not be reached, or its connection was lost mid-request: try again in a moment. */
  DATABASE_UNAVAILABLE: "DATABASE_UNAVAILABLE",
  /** One caller's GraphQL requests come faster than the server serves a caller (lib/graphql/caller-budget.ts); `details.retryAt` says when to try again. */
  TOO_MANY_REQUESTS: "TOO_MANY_REQUESTS",
  /** Anything unexpected; details are logged, not shown. */
  INTERNAL: "INTERNAL",
} as const;

export type AppErrorCode = (typeof AppErrorCode)[keyof typeof AppErrorCode];

/** Coarse family of an error, the `type` the client's error helper reads. */
export type AppErrorType = "authentication" | "authorization" | "validation" | "not_found" | "conflict" | "rate_limit" | "internal";

const META: Record<AppErrorCode, { status: number; type: AppErrorType }> = {
  NOT_FOUND: { status: 404, type: "not_found" },
  FORBIDDEN: { status: 403, type: "authorization" },
  UNAUTHENTICATED: { status: 401, type: "authentication" },
  VALIDATION_FAILED: { status: 400, type: "validation" },
  MISSING_PARAMETER: { status: 400, type: "validation" },
  MALFORMED_JSON: { status: 400, type: "validation" },
  PAYLOAD_TOO_LARGE: { status: 400, type: "validation" },
  CSRF_INVALID: { status: 403, type: "authorization" },
  CONFLICT: { status: 409, type: "conflict" },
  EMAIL_TAKEN: { status: 409, type: "conflict" },
  LIMIT_EXCEEDED: { status: 403, type: "authorization" },
  INVALID_CREDENTIALS: { status: 401, type: "authentication" },
  EMAIL_NOT_VERIFIED: { status: 403, type: "authentication" },
  TOO_MANY_ATTEMPTS: { status: 429, type: "rate_limit" },
  TOKEN_INVALID: { status: 400, type: "validation" },
  TOKEN_EXPIRED: { status: 400, type: "validation" },
  TOKEN_USED: { status: 400, type: "validation" },
  WRONG_PASSWORD: { status: 400, type: "validation" },
  PASSWORD_ALREADY_SET: { status: 409, type: "conflict" },
  SAML_SLUG_UNKNOWN: { status: 404, type: "not_found" },
  SSO_NOT_AVAILABLE: { status: 404, type: "not_found" },
  SIGN_IN_METHOD_UNAVAILABLE: { status: 404, type: "not_found" },
  IDENTITY_TOKEN_INVALID: { status: 401, type: "authentication" },
  SESSION_EXPIRED: { status: 401, type: "authentication" },
  ACCOUNT_REQUIRED: { status: 403, type: "authorization" },
  LAST_ADMINISTRATOR: { status: 409, type: "conflict" },
  ALREADY_MEMBER: { status: 409, type: "conflict" },
  ROLE_IN_USE: { status: 409, type: "conflict" },
  INVITATION_OTHER_USER: { status: 403, type: "authorization" },
  FILE_TOO_LARGE: { status: 400, type: "validation" },
  FILE_TYPE_NOT_ALLOWED: { status: 400, type: "validation" },
  MIXED_VARIABLE_FORMATS: { status: 400, type: "validation" },
  FILE_CORRUPT: { status: 400, type: "validation" },
  FILE_UNREADABLE: { status: 400, type: "validation" },
  TOO_MANY_FILES: { status: 400, type: "validation" },
  NO_PDF_FORM: { status: 400, type: "validation" },
  CONVERTER_UNAVAILABLE: { status: 400, type: "validation" },
  PAGE_IMAGE_UNAVAILABLE: { status: 503, type: "rate_limit" },
  TEMPLATE_INVALID: { status: 400, type: "validation" },
  FORMULA_INVALID: { status: 400, type: "validation" },
  INVALID_TRANSITION: { status: 409, type: "conflict" },
  DOCUMENT_LOCKED: { status: 409, type: "conflict" },
  LAST_DOCUMENT_OWNER: { status: 409, type: "conflict" },
  ATTACHMENT_FILLS_FIELD: { status: 409, type: "conflict" },
  TOO_MANY_ATTACHMENTS: { status: 400, type: "validation" },
  NOT_FROM_TEMPLATE: { status: 409, type: "conflict" },
  LINK_EXPIRED: { status: 410, type: "not_found" },
  SIGNING_LINK_INVALID: { status: 401, type: "authentication" },
  ALREADY_SEALED: { status: 409, type: "conflict" },
  NOT_READY_TO_SEAL: { status: 409, type: "conflict" },
  APPROVALS_PENDING: { status: 409, type: "conflict" },
  MODIFICATION_NOT_ALLOWED: { status: 403, type: "authorization" },
  CERTIFICATE_INVALID: { status: 400, type: "validation" },
  CERTIFICATE_PASSWORD_WRONG: { status: 400, type: "validation" },
  FEATURE_NOT_IN_PLAN: { status: 403, type: "authorization" },
  PLAN_LIMIT_REACHED: { status: 403, type: "authorization" },
  CARD_DECLINED: { status: 402, type: "validation" },
  LAST_PAYMENT_METHOD: { status: 409, type: "conflict" },
  QUERY_TOO_COMPLEX: { status: 400, type: "validation" },
  SUBSCRIPTIONS_ONLY: { status: 400, type: "validation" },
  DATABASE_UNAVAILABLE: { status: 503, type: "internal" },
  TOO_MANY_REQUESTS: { status: 429, type: "rate_limit" },
  INTERNAL: { status: 500, type: "internal" },
};

/** The HTTP status REST (and later the Stripe webhook) answers with for a code. */
export const httpStatus = (code: AppErrorCode): number => META[code].status;

/**
 * One field's problem in `details.fields` of VALIDATION_FAILED: `code` (and `params`) stay
 * machine-readable; `message` is English here and replaced by `errors.fields.<code>` in the
 * caller's language where the error is rendered (lib/errors/localize-app-error.ts).
 */
export type FieldProblem = { path: string; code: string; params?: Record<string, string | number>; message: string };

/**
 * Why something was refused, in `details.reason` of an error whose message has a {reason}
 * (FORMULA_INVALID): rendered as `errors.reasons.<code>` with `params`.
 */
export type ReasonDetail = { code: string; params?: Record<string, string | number> };

export type AppErrorOptions = {
  /** English fallback; the translated `errors.<code>` text wins where a locale is known. */
  message?: string;
  /** Values for the translated message (e.g. { name, operation }). */
  params?: Record<string, string | number>;
  /** Extra machine-readable data (field errors, retry time). */
  details?: Record<string, unknown>;
};

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly type: AppErrorType;
  readonly params: Record<string, string | number>;
  readonly details: Record<string, unknown>;

  constructor(code: AppErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? code);
    this.name = "AppError";
    this.code = code;
    this.type = META[code].type;
    this.params = options.params ?? {};
    this.details = options.details ?? {};
  }

  get status(): number {
    return httpStatus(this.code);
  }
}

/** By shape as well as class: bundles and test runners may load this module more than once. */
export const isAppError = (error: unknown): error is AppError =>
  error instanceof AppError ||
  (error instanceof Error && error.name === "AppError" && typeof (error as AppError).code === "string" && (error as AppError).code in META);

/**
 * The exact error the spec names for a missing required parameter; `details.fields` points at it
 * as VALIDATION_FAILED points at its fields (code `required`), so clients read both the same way.
 * `path` is where it sits in the input when that is not its name (a GraphQL variable's argument).
 */
export function missingParameter(name: string, operation: string, path = name): AppError {
  return new AppError(AppErrorCode.MISSING_PARAMETER, {
    message: `Required parameter ${name} was null or undefined when calling ${operation}`,
    params: { name, operation },
    details: { fields: [{ path, code: "required", message: "This field is required." }] },
  });
}

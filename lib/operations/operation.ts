import { z } from "zod";
import { requireAccount, type ServiceContext } from "@/lib/auth/context";
import { assertCan, type Permission } from "@/lib/auth/permissions";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import type { UploadedFile } from "@/lib/files/upload-limits";
import { parseInput } from "@/lib/http/parse-input";
import { assertCapability, assertWithinLimit, type PlanLimitName } from "@/lib/billing/plan-enforcement";

/**
 * Who may call an operation (issue 14): a signed-in member (with the operation's permission),
 * an API token (acting as the member who made it), a visitor holding a share link, a system job
 * (lib/jobs: via "system"), an approval's reviewer or a signer holding a signed token (the `signed`
 * header or query parameter; lib/signing/signing-tokens.ts).
 * `anyone` opens an operation to every caller, signed in or not (signing in, registering, a reset
 * by emailed token): its service checks whatever proves the caller's right (a password, a token
 * in the input).
 */
export type CallerKind = "member" | "apiToken" | "visitor" | "reviewer" | "signer" | "job" | "anyone";

/**
 * One operation, declared once: its name (the spec's GraphQL name, also the REST route's
 * operation), its zod input and output, who may call it, which input fields hold ids of a
 * workspace's data, and the service it runs. The REST route (lib/operations/rest.ts), the
 * GraphQL field (lib/graphql/from-declarations.ts) and the isolation test's obligation
 * (tests/integration/security/operation-isolation.test.ts) follow from it: both transports
 * validate the same input with the same limits, and a declaration that takes ids without an
 * isolation case fails CI.
 */
export type Operation<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType, R = unknown, N extends string = string> = {
  name: N;
  /**
   * query and mutation answer JSON (and have a GraphQL field); a download answers a file (its
   * `output` is `fileOutput`, the client links to it with `operationHref`); an upload takes a
   * multipart body whose files reach the input as `files` (declare it with `uploadedFiles`).
   */
  kind: "query" | "mutation" | "download" | "upload";
  /**
   * For an upload: how many files, whether one is required, whether parts are named `field:<name>`
   * (lib/http/read-upload.ts), and whether a plain JSON body (no files) is accepted too (`json`).
   */
  upload?: { maxFiles?: number; required?: boolean; byField?: boolean; json?: boolean };
  /**
   * `false` for an operation served over REST only, as the spec has it: signing in and out (the
   * session cookie), the public API's `/v1` (an api-key). Every other query and mutation has its
   * GraphQL field, built from this declaration (lib/graphql/from-declarations.ts).
   */
  graphql?: false;
  /** A short sentence for the docs and the schema. */
  description: string;
  input: I;
  /**
   * What leaves the server over REST: the result is serialised through it, so a field or a
   * relation it does not name never does. GraphQL answers are shaped by their object types.
   */
  output: O;
  callers: readonly CallerKind[];
  /** Needed by a member or an API token; any one of a list suffices. */
  permission?: Permission | readonly Permission[];
  /**
   * The plan capability a member or an API token needs (FEATURE_NOT_IN_PLAN without it), and the
   * plan limit a call counts against: `amount` is how much of it the input uses (default 1);
   * past it the call is refused with PLAN_LIMIT_REACHED (lib/billing/plan-enforcement.ts).
   */
  capability?: string;
  limit?: { name: PlanLimitName; amount?(input: z.infer<I>): number };
  /** Input fields that hold ids of one workspace's data (the isolation test calls them with another's). */
  ids?: readonly string[];
  /**
   * The service. `query` is the Prisma selection GraphQL asks for (so relations load in the same
   * statement); REST gives none, and the result is then shaped by `output`.
   */
  run: (ctx: ServiceContext, input: z.infer<I>, query?: PrismaQuery) => Promise<R>;
};

/** The output of a download: the file's Response (lib/http/file-response.ts), passed on as it is. */
export const fileOutput = z.custom<Response>((value) => value instanceof Response, "A file response");

/** The `files` of an upload's input, as lib/http/read-upload.ts reads them. */
export const uploadedFiles = z.array(
  z.custom<UploadedFile & { field?: string | null }>(
    (value) => !!value && typeof value === "object" && "bytes" in value && (value as { bytes: unknown }).bytes instanceof Uint8Array,
  ),
);

/** A Prisma `select` or `include`, as Pothos's queryFromInfo gives it. */
export type PrismaQuery = { select?: object; include?: object };

/**
 * Declares an operation (the identity, typed). Its kind is kept as written, so that the browser's
 * client can tell downloads and uploads apart (`operationHref`, `uploadOperation`).
 */
export const defineOperation = <I extends z.ZodType, O extends z.ZodType, R, const N extends string, const K extends Operation["kind"]>(
  operation: Operation<I, O, R, N> & { kind: K },
) => operation;

/** The kind of caller behind a context; null for an anonymous one. */
export function callerKind(ctx: ServiceContext): CallerKind | null {
  if (ctx.via === "token") return "apiToken";
  if (ctx.via === "link") return "visitor";
  if (ctx.via === "system") return "job";
  if (ctx.via === "signed") return ctx.signed?.typ === "approval" ? "reviewer" : "signer";
  return ctx.userId ? "member" : null;
}

/**
 * Runs an operation for a caller, whatever the transport: the caller must be one it accepts
 * (UNAUTHENTICATED for nobody, FORBIDDEN for another kind), with its permission; the input is
 * validated by its schema (VALIDATION_FAILED with per-field problems, MISSING_PARAMETER); the
 * plan's capability and limit are checked; then its service runs.
 */
export async function runOperation<I extends z.ZodType, O extends z.ZodType, R>(
  operation: Operation<I, O, R>,
  ctx: ServiceContext,
  raw: unknown,
  query?: PrismaQuery,
): Promise<R> {
  // Someone opening a share link has no token yet (and one whose token was lost has none either):
  // an operation open to visitors takes them as visitors, and its service checks the link itself.
  const kind = callerKind(ctx) ?? (operation.callers.includes("visitor") ? "visitor" : null);
  if (operation.callers.includes("anyone"))
    return operation.run(ctx, parseInput(operation.input, raw, operation.name) as z.infer<I>, query);
  const onlyByLink = operation.callers.every((caller) => caller === "reviewer" || caller === "signer");
  // What only a reviewer or a signer may do: no valid token (forged, expired, none) is a link that fails.
  if (!kind && onlyByLink)
    throw new AppError(AppErrorCode.SIGNING_LINK_INVALID, { message: "This link is no longer valid.", details: { reason: "invalid" } });
  if (!kind) throw new AppError(AppErrorCode.UNAUTHENTICATED, { message: "Sign in to continue." });
  if (!operation.callers.includes(kind)) {
    // Only an API key opens it (the public API, /v1): any other caller lacks that credential.
    if (operation.callers.length === 1 && operation.callers[0] === "apiToken")
      throw new AppError(AppErrorCode.UNAUTHENTICATED, { message: "A valid api-key header is required.", details: { header: "api-key" } });
    // What only a share link's visitor may do wants the link's token: without one, the caller is not signed in for it.
    if (operation.callers.every((caller) => caller === "visitor"))
      throw new AppError(AppErrorCode.UNAUTHENTICATED, { message: "Open the shared link again." });
    // What only a reviewer or a signer may do wants their link's token, valid and unexpired.
    if (onlyByLink)
      throw new AppError(AppErrorCode.SIGNING_LINK_INVALID, { message: "This link is no longer valid.", details: { reason: "invalid" } });
    throw new AppError(AppErrorCode.FORBIDDEN, { message: "You are not allowed to do this." });
  }
  if (operation.permission && (kind === "member" || kind === "apiToken")) {
    requireAccount(ctx);
    assertCan(ctx, operation.permission);
  }
  const input = parseInput(operation.input, raw, operation.name) as z.infer<I>;
  if (kind === "member" || kind === "apiToken") {
    if (operation.capability) assertCapability(ctx, operation.capability);
    if (operation.limit) await assertWithinLimit(ctx, operation.limit.name, operation.limit.amount?.(input) ?? 1);
  }
  return operation.run(ctx, input, query);
}

import type { AccountContext, ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";

/**
 * SECURITY-CRITICAL. The public API (/v1) is reached with an API key only (the `api-key`
 * header, or `x-api-key`): a session cookie or bearer token is not enough, and a missing,
 * unknown or revoked key is 401 UNAUTHENTICATED.
 */
export function requireApiKey(ctx: ServiceContext): asserts ctx is AccountContext {
  if (ctx.via !== "token" || !ctx.userId || !ctx.accountId) {
    throw new AppError(AppErrorCode.UNAUTHENTICATED, { message: "A valid api-key header is required.", details: { header: "api-key" } });
  }
}

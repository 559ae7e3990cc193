import { z } from "zod";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireAccount, type ServiceContext } from "@/lib/auth/context";
import type { Permission } from "@/lib/auth/permissions";
import { appUrl, deliverEmail, layoutEmail, prepareEmailDelivery } from "@/lib/email/send-email";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { DEFAULT_LOCALE, matchLocale, type Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/messages";
import { WITH_FOLLOW_UPS } from "@/lib/jobs/job";
import { findAccountAdministrators } from "./find-account-administrators";
import { accountScope } from "./scope";

/**
 * The permissions behind the screens a member works in (documents, the whole repository,
 * templates). A member whose role lacks any of them is offered "Request access" on the home
 * (docs/permissions.md). Administration permissions are not among them: asking for those is a
 * conversation, not a button.
 */
export const MAIN_PERMISSIONS: readonly Permission[] = [
  "ViewDocuments",
  "ViewAllDocuments",
  "ManageDocuments",
  "ViewTemplates",
  "ManageTemplates",
];

/** At most one request per member and workspace in this window. */
export const ACCESS_REQUEST_WINDOW_MS = 24 * 60 * 60 * 1000;
export const ACCESS_REQUEST_NOTE_MAX = 500;
const EVENT = "account.accessRequested";

export const requestAccountAccessSchema = z
  .object({ note: z.string().trim().max(ACCESS_REQUEST_NOTE_MAX).optional().default("") })
  .strict();
export type RequestAccountAccessInput = z.infer<typeof requestAccountAccessSchema>;

/** The main permissions the caller's role does not hold. */
export const missingMainPermissions = (ctx: Pick<ServiceContext, "permissions">) => MAIN_PERMISSIONS.filter((p) => !ctx.permissions.has(p));

/** When the caller last asked this workspace for more access (null if never); for the home's initial state. */
export async function lastAccountAccessRequest(ctx: ServiceContext): Promise<Date | null> {
  const { accountId } = accountScope(ctx);
  requireAccount(ctx);
  const last = await db.audit.findFirst({
    where: { accountId, userId: ctx.userId, eventType: EVENT },
    orderBy: { createdAt: "desc" },
    select: { createdAt: true },
  });
  return last?.createdAt ?? null;
}

/**
 * A member asks the workspace's administrators for more access (the home's "Request access",
 * spec section 2): an email to each administrator in their language, with the member's optional
 * note (at most 500 characters), and an audit row. Refuses with CONFLICT when the caller's role
 * already holds every main permission, and with TOO_MANY_ATTEMPTS when they
 * already asked this workspace in the last 24 hours (details.retryAt: when they may ask again).
 * The emails, and their delivery jobs, are written in the request's transaction (issue 37): the
 * request is recorded exactly when its emails are, and an email that cannot be stored fails it.
 */
export async function requestAccountAccess(ctx: ServiceContext, { note }: RequestAccountAccessInput = { note: "" }) {
  const { accountId } = accountScope(ctx);
  requireAccount(ctx);
  const missing = missingMainPermissions(ctx);
  if (missing.length === 0) {
    throw new AppError(AppErrorCode.CONFLICT, { message: "Your role already has every main permission of the workspace." });
  }
  const administrators = (await findAccountAdministrators(accountId)).filter((user) => user.id !== ctx.userId);
  await prepareEmailDelivery();
  const requestedAt = await db.$transaction(async (tx) => {
    // Holding the member's own policy row serialises two requests sent at once.
    await tx.$queryRaw`SELECT id FROM "AccountPolicy" WHERE "accountId" = ${accountId} AND "userId" = ${ctx.userId} FOR UPDATE`;
    const since = new Date(Date.now() - ACCESS_REQUEST_WINDOW_MS);
    const previous = await tx.audit.findFirst({
      where: { accountId, userId: ctx.userId, eventType: EVENT, createdAt: { gt: since } },
      orderBy: { createdAt: "desc" },
      select: { createdAt: true },
    });
    if (previous) {
      const retryAt = new Date(previous.createdAt.getTime() + ACCESS_REQUEST_WINDOW_MS);
      throw new AppError(AppErrorCode.TOO_MANY_ATTEMPTS, {
        message: "You already asked for more access in the last 24 hours. You can ask again later.",
        params: { minutes: Math.ceil((retryAt.getTime() - Date.now()) / 60_000) },
        details: { retryAt: retryAt.toISOString() },
      });
    }
    const [account, requester] = await Promise.all([
      tx.account.findUniqueOrThrow({ where: { id: accountId }, select: { id: true, name: true } }),
      tx.user.findUniqueOrThrow({ where: { id: ctx.userId }, select: { email: true, firstName: true, lastName: true } }),
    ]);
    await recordAudit(tx, ctx, {
      eventType: EVENT,
      targetType: "account",
      targetId: accountId,
      payload: { note, missing: [...missing], role: ctx.role },
    });
    const name = [requester.firstName, requester.lastName].filter(Boolean).join(" ") || requester.email;
    for (const admin of administrators) {
      const locale = matchLocale(admin.language) ?? DEFAULT_LOCALE;
      const rendered = renderAccessRequestEmail({
        locale,
        url: `${appUrl()}/settings/ws/users`,
        name,
        email: requester.email,
        account: account.name,
        role: ctx.role ?? "",
        note,
      });
      await deliverEmail({ to: admin.email, template: "accountAccess.requested", locale, ...rendered }, {}, { tx });
    }
    return new Date();
  }, WITH_FOLLOW_UPS);
  return { requestedAt, recipients: administrators.length };
}

/** The administrators' email (messages `accountAccessEmail`); the role name is shown translated. */
export function renderAccessRequestEmail(input: {
  locale: Locale;
  url: string;
  name: string;
  email: string;
  account: string;
  role: string;
  note: string;
}) {
  const t = getTranslator(input.locale);
  const role = t.has(`roles.${input.role}` as never) ? t(`roles.${input.role}` as never) : input.role;
  const params = { name: input.name, email: input.email, account: input.account, role, note: input.note };
  return layoutEmail({
    locale: input.locale,
    subject: t("accountAccessEmail.subject", params),
    heading: t("accountAccessEmail.heading", params),
    body: input.note ? t("accountAccessEmail.bodyWithNote", params) : t("accountAccessEmail.body", params),
    button: t("accountAccessEmail.button", params),
    url: input.url,
    footer: t("accountAccessEmail.footer"),
  });
}

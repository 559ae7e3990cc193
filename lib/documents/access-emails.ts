/**
 * The emails of document access (messages `documentAccessEmail`), in the recipient's language:
 * a role given or changed, a request, its answer, ownership handed over. Each is written in the
 * transaction of the change it reports, with its delivery job (issue 37).
 */
import { db } from "@/lib/db";
import type { DocumentRoleName, Prisma } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";
import { GLOBAL_ROLE_IDS } from "@/lib/accounts/create-account";
import { appUrl, deliverEmail, layoutEmail, type EmailTransaction } from "@/lib/email/send-email";
import { DEFAULT_LOCALE, matchLocale, type Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/messages";
import { displayName } from "@/lib/users/person";

// None of the spec's
// emailPreferences (successApprovals, docSigned, signs, tips) is about sharing, so these are
// always sent.

export type AccessEmail = "granted" | "roleChanged" | "requested" | "accepted" | "refused" | "ownership";
export type Recipient = { email: string; language: string | null };
type Reader = Pick<Prisma.TransactionClient, "user">;

/** The caller's name for an email; through `client` (a transaction's) when given. */
export async function actorName(ctx: ServiceContext, client: Reader = db): Promise<string> {
  const user = ctx.userId
    ? await client.user.findUnique({ where: { id: ctx.userId }, select: { firstName: true, lastName: true, email: true } })
    : null;
  return user ? displayName(user) : "";
}

/** Whom a request is sent to: the document's active owners who are active members, else the workspace administrators. */
export async function requestRecipients(accountId: string, documentId: string, client: Reader = db): Promise<Recipient[]> {
  const select = { email: true, language: true } as const;
  const owners = await client.user.findMany({
    where: {
      deleted: false,
      documentPolicies: { some: { accountId, documentId, role: "owner", status: "active" } },
      policies: { some: { accountId, status: "active" } },
    },
    select,
  });
  if (owners.length) return owners;
  return client.user.findMany({
    where: {
      deleted: false,
      policies: {
        some: {
          accountId,
          status: "active",
          role: { OR: [{ id: GLOBAL_ROLE_IDS.Administrator }, { global: false, permissions: { has: "ManageAccount" } }] },
        },
      },
    },
    select,
    take: 20,
  });
}

/** One access email in the recipient's language. `params.role` is a role name, shown translated. */
export function renderAccessEmail(input: { locale: Locale; kind: AccessEmail; url: string; params: Record<string, string> }) {
  const t = getTranslator(input.locale);
  const params = { ...input.params, ...(input.params.role ? { role: t(`documents.roles.${input.params.role as DocumentRoleName}`) } : {}) };
  const key = `documentAccessEmail.${input.kind}` as const;
  return layoutEmail({
    locale: input.locale,
    subject: t(`${key}.subject`, params),
    heading: t(`${key}.heading`, params),
    body: t(`${key}.body`, params),
    button: t(`${key}.button`, params),
    url: input.url,
    footer: t("documentAccessEmail.footer"),
  });
}

/**
 * Writes one access email, and its delivery job, in the transaction of the change it reports
 * (`tx`): the change commits with its email or not at all, and an email that cannot be stored
 * fails the change (issue 37). Call `prepareEmailDelivery()` before the transaction.
 */
export async function sendAccessEmail(
  tx: EmailTransaction,
  to: Recipient,
  kind: AccessEmail,
  path: string,
  params: Record<string, string>,
): Promise<void> {
  const locale = matchLocale(to.language) ?? DEFAULT_LOCALE;
  const rendered = renderAccessEmail({ locale, kind, url: `${appUrl()}${path}`, params });
  await deliverEmail({ to: to.email, template: `documentAccess.${kind}`, locale, ...rendered }, {}, { tx });
}

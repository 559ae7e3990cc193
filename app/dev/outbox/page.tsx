import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { clientIp } from "@/lib/auth/get-request-context";
import { findOutboxEmails, isOutboxOpenTo } from "@/lib/email/find-outbox-emails";
import { pageFromQuery } from "@/lib/pagination";

export const dynamic = "force-dynamic";

/** Development-only: the emails the app would have sent, with their links (only to callers on this machine in production). */
export default async function OutboxPage({ searchParams }: { searchParams: Promise<{ to?: string; page?: string }> }) {
  const requestHeaders = await headers();
  if (!isOutboxOpenTo(clientIp({ header: (name) => requestHeaders.get(name) }))) notFound();
  const query = await searchParams;
  const [t, format, result] = await Promise.all([
    getTranslations("outbox"),
    getFormatter(),
    findOutboxEmails({ to: query.to, page: pageFromQuery(query.page) }),
  ]);
  return (
    <main className="mx-auto max-w-4xl p-6">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="mb-4 text-sm text-zinc-600">{t("intro")}</p>
      <form className="mb-4 flex gap-2">
        <label className="sr-only" htmlFor="to">
          {t("filter")}
        </label>
        <input
          id="to"
          name="to"
          type="email"
          defaultValue={query.to ?? ""}
          placeholder={t("filter")}
          className="flex-1 rounded-md border border-zinc-300 px-3 py-2 text-sm"
        />
        <button className="rounded-md bg-brand-600 px-4 text-sm text-white">{t("open")}</button>
      </form>
      {result.items.length === 0 && <p>{t("empty")}</p>}
      <ul className="flex flex-col gap-4">
        {result.items.map((email) => (
          <li key={email.id} className="rounded-lg border border-zinc-200 bg-white p-4" data-testid="outbox-email">
            <dl className="mb-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
              <dt className="text-zinc-500">{t("to")}</dt>
              <dd data-testid="outbox-to">{email.to}</dd>
              <dt className="text-zinc-500">{t("subject")}</dt>
              <dd data-testid="outbox-subject">{email.subject}</dd>
              <dt className="text-zinc-500">{t("sentAt")}</dt>
              <dd>{format.dateTime(email.createdAt, { dateStyle: "medium", timeStyle: "medium" })}</dd>
            </dl>
            <div className="rounded border border-zinc-100" dangerouslySetInnerHTML={{ __html: sanitize(email.html) }} />
          </li>
        ))}
      </ul>
    </main>
  );
}

/** Our own templates escape every value; still, never run scripts from stored HTML. */
const sanitize = (html: string) => html.replace(/<script[\s\S]*?<\/script>/gi, "");

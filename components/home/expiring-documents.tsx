import { Link } from "@/components/ui/link";
import { getTranslations } from "next-intl/server";
import type { Health } from "@/lib/documents/status";
import { formatDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";

export type ExpiringDocument = { id: string; name: string; status: string; endedAt: Date | null; health: Health };

const DOT: Record<Health, string> = { green: "bg-emerald-500", amber: "bg-amber-500", red: "bg-red-600" };

/**
 * The home panel of documents about to expire (lib/documents/expiring-documents.ts
 * expiringDocumentRows): name linking to the document, end date, status and health.
 */
export async function ExpiringDocuments({ documents, locale }: { documents: ExpiringDocument[]; locale: Locale }) {
  const [t, te, ts, th] = await Promise.all([
    getTranslations("home"),
    getTranslations("expiring"),
    getTranslations("documents.status"),
    getTranslations("documents.health"),
  ]);
  return (
    <section
      aria-labelledby="expiring-title"
      className="max-w-2xl rounded-lg border border-zinc-200 bg-white p-4"
      data-testid="expiring-documents"
    >
      <h2 id="expiring-title" className="font-semibold">
        {t("expiringTitle")}
      </h2>
      {documents.length === 0 ? (
        <p className="mt-1 text-sm text-zinc-600">{t("expiringEmpty")}</p>
      ) : (
        <table className="mt-2 w-full text-left text-sm" aria-labelledby="expiring-title">
          <thead className="text-xs uppercase text-zinc-500">
            <tr>
              <th scope="col" className="py-1 pr-3 font-semibold">
                {te("document")}
              </th>
              <th scope="col" className="py-1 pr-3 font-semibold">
                {te("endDate")}
              </th>
              <th scope="col" className="py-1 pr-3 font-semibold">
                {te("status")}
              </th>
              <th scope="col" className="py-1 font-semibold">
                {te("health")}
              </th>
            </tr>
          </thead>
          <tbody>
            {documents.map((doc) => (
              <tr key={doc.id} className="border-t border-zinc-100">
                <td className="py-1.5 pr-3">
                  <Link href={`/d/${doc.id}/view`} className="font-medium hover:underline">
                    {doc.name}
                  </Link>
                </td>
                {/* End dates are calendar dates stored at midnight UTC: shown in UTC so the day does not shift. */}
                <td className="py-1.5 pr-3 whitespace-nowrap">
                  {doc.endedAt ? formatDate(locale, doc.endedAt, { dateStyle: "medium" }, "UTC") : "—"}
                </td>
                <td className="py-1.5 pr-3">{ts.has(doc.status as never) ? ts(doc.status as never) : doc.status}</td>
                <td className="py-1.5">
                  <span className="inline-flex items-center gap-1.5">
                    <span aria-hidden className={`size-2.5 rounded-full ${DOT[doc.health]}`} />
                    {th(doc.health)}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

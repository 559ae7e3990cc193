"use client";

/** The access tab's list of personal links given to people outside the workspace. */

import { useFormatter, useTranslations } from "@/lib/i18n/client";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import type { PersonalLink } from "./document-access-types";

/** The personal links of people outside the workspace: address, validity, last access, role, Remove. */
export function PersonalLinksSection({
  links,
  busy,
  when,
  onRemove,
}: {
  links: PersonalLink[];
  busy: boolean;
  when: (value: string | Date) => string;
  onRemove: (link: PersonalLink) => void;
}) {
  const t = useTranslations("documentAccess");
  const tr = useTranslations("documents.roles");
  const format = useFormatter();
  const ids = useId();
  return (
    <section aria-labelledby={`${ids}-external`} className="flex flex-col gap-2">
      <div>
        <h3 id={`${ids}-external`} className="font-semibold">
          {t("external.title")}
        </h3>
        <p className="text-sm text-zinc-600">{t("external.intro")}</p>
      </div>
      <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white" aria-label={t("external.title")}>
        {links.map((link) => (
          <li key={link.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="document-access-external">
            <div className="min-w-0 flex-1">
              <p className="break-all font-medium">{link.email}</p>
              <p className="mt-0.5 flex flex-wrap gap-x-4 text-sm text-zinc-600">
                {link.isExpired ? (
                  <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-600">{t("external.expired")}</span>
                ) : (
                  link.expiredAt && (
                    <span>{t("external.until", { date: format.dateTime(new Date(link.expiredAt), { dateStyle: "medium" }) })}</span>
                  )
                )}
                <span>
                  {t("lastAccess")}: {link.accessedAt ? when(link.accessedAt) : t("never")}
                </span>
              </p>
            </div>
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700">{tr(link.role)}</span>
            <Button variant="secondary" disabled={busy} onClick={() => onRemove(link)}>
              {t("external.remove")}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

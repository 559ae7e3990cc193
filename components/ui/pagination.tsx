"use client";

import { useTranslations } from "@/lib/i18n/client";
import { usePathname, useSearchParams } from "next/navigation";
import { Link } from "@/components/ui/link";

/**
 * Previous / next links keeping the other query parameters (spec lists: page, pages, total).
 * `capped`: the list counted its total only up to `total` and found more ("more than 10,000");
 * `ranked` with it: a search ranked only the `total` most recent matches, and its pages end there.
 */
export function Pagination({
  page,
  pages,
  total,
  capped = false,
  ranked = false,
}: {
  page: number;
  pages: number;
  total: number;
  capped?: boolean;
  ranked?: boolean;
}) {
  const t = useTranslations("common");
  const pathname = usePathname();
  const params = useSearchParams();
  const href = (to: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(to));
    return `${pathname}?${next}`;
  };
  return (
    <nav aria-label={t("pagination")} className="flex items-center justify-between gap-4 text-sm text-zinc-600">
      <span>{t(capped ? (ranked ? "pageOfRanked" : "pageOfMore") : "pageOf", { page, pages, total })}</span>
      <span className="flex gap-2">
        {page > 1 ? (
          <Link className="rounded-md border border-zinc-300 px-3 py-1.5 hover:bg-zinc-50" href={href(page - 1)}>
            {t("previous")}
          </Link>
        ) : null}
        {page < pages ? (
          <Link className="rounded-md border border-zinc-300 px-3 py-1.5 hover:bg-zinc-50" href={href(page + 1)}>
            {t("next")}
          </Link>
        ) : null}
      </span>
    </nav>
  );
}

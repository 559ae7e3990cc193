"use client";

import { Link } from "@/components/ui/link";
import { useTranslations } from "@/lib/i18n/client";
import { useEffect, useId, useState } from "react";
import { callOperation, type OperationOutput } from "@/lib/client/operations";
import { globalSearchOp } from "@/lib/operations/routes/search";

type Results = OperationOutput<"globalSearch">;
type HighlightPart = { text: string; match: boolean };

/** The home screen's search box (results as you type, 300 ms after the last key). */
export function GlobalSearch() {
  const t = useTranslations("home");
  const tg = useTranslations("globalSearch");
  const ts = useTranslations("documents.status");
  const id = useId();
  const [q, setQ] = useState("");
  const [results, setResults] = useState<Results | null>(null);

  useEffect(() => {
    const query = q.trim();
    if (!query) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      callOperation(globalSearchOp, { q: query })
        .then((data) => !cancelled && setResults(data))
        .catch(() => !cancelled && setResults({ documents: [], templates: [], members: [], categories: [], tags: [] }));
    }, 300);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [q]);

  const shown = q.trim() ? results : null;
  const empty =
    shown && !shown.documents.length && !shown.templates.length && !shown.members.length && !shown.categories.length && !shown.tags.length;
  return (
    <section role="search" className="max-w-2xl">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-zinc-700">
        {t("search")}
      </label>
      <input
        id={id}
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder={t("searchPlaceholder")}
        className="min-h-11 w-full rounded-md border border-zinc-300 bg-white px-3 text-sm shadow-sm"
      />
      {shown && (
        <div aria-live="polite" className="mt-2 rounded-md border border-zinc-200 bg-white p-3 text-sm" data-testid="search-results">
          {empty && <p className="text-zinc-600">{t("noResults", { q: q.trim() })}</p>}
          {shown.documents.length > 0 && (
            <ResultGroup title={tg("documents")}>
              {shown.documents.map((d) => (
                <li key={d.id}>
                  <Link href={`/d/${d.id}/view`} className="hover:underline">
                    {d.name}
                  </Link>{" "}
                  <span className="text-zinc-500">{ts.has(d.status as never) ? ts(d.status as never) : d.status}</span>
                  {d.highlight && (
                    <p className="mt-0.5 text-xs text-zinc-600">
                      <span className="sr-only">{tg("matches")}: </span>
                      <Highlight parts={d.highlight} />
                    </p>
                  )}
                </li>
              ))}
            </ResultGroup>
          )}
          {shown.templates.length > 0 && (
            <ResultGroup title={tg("templates")}>
              {shown.templates.map((tpl) => (
                <li key={tpl.id}>
                  <Link href={`/t/${tpl.id}/view`} className="hover:underline">
                    {tpl.name}
                  </Link>{" "}
                  {!tpl.published && <span className="text-zinc-500">{tg("unpublished")}</span>}
                </li>
              ))}
            </ResultGroup>
          )}
          {shown.members.length > 0 && (
            <ResultGroup title={t("members")}>
              {shown.members.map((m) => (
                <li key={m.id}>
                  <Link href="/settings/ws/users" className="hover:underline">
                    {m.name || m.email}
                  </Link>{" "}
                  <span className="text-zinc-500">{m.name && m.email}</span>
                </li>
              ))}
            </ResultGroup>
          )}
          {shown.categories.length > 0 && (
            <ResultGroup title={t("categories")}>
              {shown.categories.map((c) => (
                <li key={c.id}>
                  <Link href="/settings/ws/categories" className="hover:underline">
                    {c.name}
                  </Link>
                </li>
              ))}
            </ResultGroup>
          )}
          {shown.tags.length > 0 && (
            <ResultGroup title={t("tags")}>
              {shown.tags.map((tag) => (
                <li key={tag.id} className="flex items-center gap-2">
                  <span aria-hidden className="size-3 rounded-full" style={{ background: tag.color }} />
                  <Link href="/settings/ws/tags" className="hover:underline">
                    {tag.name}
                  </Link>
                </li>
              ))}
            </ResultGroup>
          )}
        </div>
      )}
    </section>
  );
}

/** A search passage: matched words in <mark>, everything as text (React escapes it), never HTML. */
function Highlight({ parts }: { parts: HighlightPart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.match ? (
          <mark key={i} className="rounded-sm bg-yellow-100 px-0.5 text-zinc-900">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

function ResultGroup({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mb-2 last:mb-0">
      <h2 className="text-xs font-semibold uppercase text-zinc-500">{title}</h2>
      <ul className="mt-1 flex flex-col gap-1">{children}</ul>
    </div>
  );
}

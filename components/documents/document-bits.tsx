"use client";

import { useTranslations } from "@/lib/i18n/client";

const COLORS = { green: "bg-emerald-500", amber: "bg-amber-500", red: "bg-red-600" } as const;

/** The health indicator: a coloured dot with its meaning for screen readers and on hover. */
export function HealthDot({ health, withLabel = false }: { health: "green" | "amber" | "red"; withLabel?: boolean }) {
  const t = useTranslations("documents.health");
  return (
    <span className="inline-flex items-center gap-1.5" title={t(health)} data-health={health}>
      <span aria-hidden className={`size-2.5 rounded-full ${COLORS[health]}`} />
      {withLabel ? <span className="text-sm">{t(health)}</span> : <span className="sr-only">{t(health)}</span>}
    </span>
  );
}

/** Matched passages of a search, the matches marked (text only, never HTML). */
export function Highlight({ parts }: { parts: { text: string; match: boolean }[] }) {
  return (
    <p className="mt-1 text-xs text-zinc-600" data-testid="search-highlight">
      {parts.map((part, i) =>
        part.match ? (
          <mark key={i} className="rounded bg-yellow-100 px-0.5">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}

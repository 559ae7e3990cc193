"use client";

import { Fragment } from "react";
import { useTranslations } from "@/lib/i18n/client";

const COLORS = { green: "bg-emerald-500", amber: "bg-amber-500", red: "bg-red-600" } as const;

/**
 * The health indicator: a coloured dot with its meaning for screen readers and on hover, or with
 * its meaning written beside it (`withLabel`). Alone, it is one element (an image with its name),
 * as a list shows one per row.
 */
export function HealthDot({
  health,
  withLabel = false,
  className = "",
}: {
  health: "green" | "amber" | "red";
  withLabel?: boolean;
  /** Alone: its place beside what follows (a list's status cell). */
  className?: string;
}) {
  const t = useTranslations("documents.health");
  const dot = `size-2.5 rounded-full ${COLORS[health]}`;
  if (!withLabel)
    return (
      <span
        role="img"
        aria-label={t(health)}
        title={t(health)}
        data-health={health}
        className={`inline-block shrink-0 ${dot} ${className}`}
      />
    );
  return (
    <span className="inline-flex items-center gap-1.5" title={t(health)} data-health={health}>
      <span aria-hidden className={dot} />
      <span className="text-sm">{t(health)}</span>
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
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </p>
  );
}

"use client";

import { Fragment } from "react";
import { useTranslations } from "@/lib/i18n/client";

const COLORS = { green: "bg-emerald-500", amber: "bg-amber-500", red: "bg-red-600" } as const;

/**
 * The health indicator: a coloured dot with its meaning for screen readers and on hover, or with
 * its meaning written beside it (`withLabel`).
 */
export function HealthDot({ health, withLabel = false }: { health: Health; withLabel?: boolean }) {
  const t = useTranslations("documents.health");
  if (!withLabel) return healthMark(health, t(health));
  return (
    <span className="inline-flex items-center gap-1.5" title={t(health)} data-health={health}>
      <span aria-hidden className={`size-2.5 rounded-full ${COLORS[health]}`} />
      <span className="text-sm">{t(health)}</span>
    </span>
  );
}

type Health = keyof typeof COLORS;

/**
 * The dot alone, one element (an image with its name), for a list that shows one a row and has
 * the name at hand: a plain element, not a component, as 25 components cost the server more than
 * their dots (docs/benchmarks.md, "Pages"). `className` places it beside what follows.
 */
export const healthMark = (health: Health, label: string, className = "") => (
  <span
    role="img"
    aria-label={label}
    title={label}
    data-health={health}
    className={`inline-block size-2.5 shrink-0 rounded-full ${COLORS[health]} ${className}`}
  />
);

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

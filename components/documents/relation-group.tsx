"use client";

/** One direction of a document's relations, as a list with context menus. */

import { useTranslations } from "@/lib/i18n/client";
import { ContextMenu, type ContextMenuItem } from "@/components/ui/context-menu";
import type { RelationType } from "@/lib/documents/relation-types";
import type { DOCUMENT_STATUSES } from "@/lib/documents/status";

export type Status = (typeof DOCUMENT_STATUSES)[number];
/** A relation as the relations operation lists it, seen from this document. */
export type Relation = {
  id: string;
  type: RelationType;
  tag: string | null;
  direction: "outgoing" | "incoming";
  other: {
    kind: "document" | "template";
    id: string | null;
    name: string | null;
    status: Status | null;
    format: "pdf" | "docx" | null;
    canOpen: boolean;
  };
  canEdit: boolean;
};

/** One direction's relations (this document to others, or others to it): type, the other side, tag, context menu. */
export function RelationGroup({
  direction,
  relations,
  nameOf,
  menuOf,
}: {
  direction: Relation["direction"];
  relations: Relation[];
  nameOf: (relation: Relation) => string;
  menuOf: (relation: Relation) => ContextMenuItem[];
}) {
  const t = useTranslations("relations");
  const ts = useTranslations("documents.status");
  const rows = relations.filter((r) => r.direction === direction);
  const headingId = `relations-${direction}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold text-zinc-700">
        {t(direction)}
      </h3>
      {rows.length === 0 ? (
        <p className="text-sm text-zinc-500">{t(direction === "outgoing" ? "emptyOutgoing" : "emptyIncoming")}</p>
      ) : (
        <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white">
          {rows.map((r) => {
            const items = menuOf(r);
            return (
              <li key={r.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="relation-row">
                <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-700">
                  {t(direction === "outgoing" ? `types.${r.type}` : `inverse.${r.type}`)}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2">
                    {r.other.canOpen && r.other.id ? (
                      <a
                        className="break-words font-medium text-brand-700 hover:underline"
                        href={r.other.kind === "template" ? `/t/${r.other.id}/view` : `/d/${r.other.id}/view`}
                      >
                        {r.other.name}
                      </a>
                    ) : (
                      <span className="italic text-zinc-500">{nameOf(r)}</span>
                    )}
                    {r.tag && (
                      <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700" data-testid="relation-tag">
                        {r.tag}
                      </span>
                    )}
                  </p>
                  <p className="text-xs text-zinc-500">
                    {t(`kinds.${r.other.kind}`)}
                    {r.other.status && ` · ${ts(r.other.status)}`}
                  </p>
                </div>
                {items.length > 0 && <ContextMenu label={t("actions", { name: nameOf(r) })} items={items} />}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

"use client";

/** One share link in the share links tab. */

import { useTranslations } from "@/lib/i18n/client";
import { Button } from "@/components/ui/button";
import { ContextMenu as LinkMenu } from "@/components/ui/context-menu";
import { useFormat } from "@/lib/i18n/use-format";
import type { ShareLink } from "./link-settings-form";

/** One share link: name, role, secure and expired badges, expiry, last access, Copy and its context menu. */
export function ShareLinkRow({
  link,
  onCopy,
  onEdit,
  onRemove,
}: {
  link: ShareLink;
  onCopy: () => void;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const t = useTranslations("shareLinks");
  const format = useFormat();
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="share-link-row">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="break-words">{link.name}</span>
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700">{t(`roles.${link.role}`)}</span>
          {link.isSecure && <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs text-emerald-700">{t("secureBadge")}</span>}
          {link.isExpired && <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs text-red-700">{t("expiredBadge")}</span>}
        </p>
        <p className="mt-0.5 flex flex-wrap gap-x-4 text-sm text-zinc-600">
          <span>{link.expiredAt ? t("expiresOn", { date: format.date(link.expiredAt, { dateStyle: "medium" }) }) : t("noExpiry")}</span>
          <span>
            {t("lastAccess")}: {link.accessedAt ? format.dateTime(link.accessedAt) : t("never")}
          </span>
        </p>
      </div>
      <Button variant="secondary" onClick={onCopy} disabled={link.isExpired}>
        {t("copy")}
      </Button>
      <LinkMenu
        label={t("actions", { name: link.name })}
        items={[
          { label: t("updateSettings"), onSelect: onEdit },
          { label: t("remove"), onSelect: onRemove, danger: true },
        ]}
      />
    </li>
  );
}

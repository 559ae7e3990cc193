"use client";

/** A share link's create and Update settings form, with the link's shapes. */

import { useTranslations } from "@/lib/i18n/client";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { LIMITS } from "@/lib/validation/limits";

export const ROLES = ["reader", "commenter", "reviewer"] as const;
export type LinkRole = (typeof ROLES)[number];

/** A share link as the links operation lists it. */
export type ShareLink = {
  id: string;
  name: string;
  role: LinkRole;
  expiredAt: string | null;
  isExpired: boolean;
  accessedAt: string | null;
  isSecure: boolean;
  allowList: string[];
  denyList: string[];
  url: string;
};

/** What the form sends to createLink or updateLink. */
export type Settings = {
  name: string;
  role: LinkRole;
  expiredAt?: string | null;
  isSecure: boolean;
  allowList: string[];
  denyList: string[];
};

/** "YYYY-MM-DD" of a date in the browser's time zone (what a date input shows). */
function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A link chosen to expire "on" a day stays open until the end of that day, the visitor's day. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();

const splitList = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);

/** The create and "Update settings" form. Lists only apply to secure links, so they follow the checkbox. */
export function LinkSettingsForm({
  link,
  busy,
  onSubmit,
  onCancel,
}: {
  link: ShareLink | null;
  busy: boolean;
  onSubmit: (settings: Settings) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("shareLinks");
  const tc = useTranslations("common");
  const ids = useId();
  const initialDay = link?.expiredAt ? localDay(new Date(link.expiredAt)) : "";
  const [name, setName] = useState(link?.name ?? "");
  const [role, setRole] = useState<LinkRole>(link?.role ?? "reader");
  const [day, setDay] = useState(initialDay);
  const [isSecure, setSecure] = useState(link?.isSecure ?? false);
  const [allow, setAllow] = useState((link?.allowList ?? []).join("\n"));
  const [deny, setDeny] = useState((link?.denyList ?? []).join("\n"));
  const [dayError, setDayError] = useState<string | null>(null);
  const today = localDay(new Date());

  function submit(event: FormEvent) {
    event.preventDefault();
    const changedDay = day !== initialDay;
    if (changedDay && day && day < today) {
      setDayError(t("pastDate"));
      return;
    }
    setDayError(null);
    onSubmit({
      name: name.trim(),
      role,
      // An unchanged expiry is not sent again: an expired link can still be renamed.
      ...(link === null || changedDay ? { expiredAt: day ? endOfDay(day) : null } : {}),
      isSecure,
      allowList: isSecure ? splitList(allow) : [],
      denyList: isSecure ? splitList(deny) : [],
    });
  }

  const textarea =
    "min-h-24 rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 disabled:bg-zinc-50 disabled:text-zinc-400";
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <TextField label={t("name")} required maxLength={LIMITS.name} value={name} onChange={(e) => setName(e.target.value)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${ids}-role`} className="text-sm font-medium text-zinc-700">
            {t("role")}
          </label>
          <select
            id={`${ids}-role`}
            value={role}
            onChange={(e) => setRole(e.target.value as LinkRole)}
            aria-describedby={`${ids}-role-hint`}
            className="min-h-10 rounded-md border border-zinc-300 bg-white px-3 text-sm"
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
          <p id={`${ids}-role-hint`} className="text-xs text-zinc-500">
            {t("roleHint")}
          </p>
        </div>
        <TextField
          label={t("expiry")}
          type="date"
          min={today}
          value={day}
          onChange={(e) => setDay(e.target.value)}
          hint={t("expiryHint")}
          error={dayError}
        />
      </div>
      <div className="flex items-start gap-2">
        <input
          id={`${ids}-secure`}
          type="checkbox"
          checked={isSecure}
          onChange={(e) => setSecure(e.target.checked)}
          aria-describedby={`${ids}-secure-hint`}
          className="mt-1 size-4"
        />
        <div>
          <label htmlFor={`${ids}-secure`} className="text-sm font-medium text-zinc-700">
            {t("secure")}
          </label>
          <p id={`${ids}-secure-hint`} className="text-xs text-zinc-500">
            {t("secureHint")}
          </p>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {(
          [
            ["allow", t("allowList"), allow, setAllow],
            ["deny", t("denyList"), deny, setDeny],
          ] as const
        ).map(([key, label, value, set]) => (
          <div key={key} className="flex flex-col gap-1">
            <label htmlFor={`${ids}-${key}`} className="text-sm font-medium text-zinc-700">
              {label}
            </label>
            <textarea
              id={`${ids}-${key}`}
              value={value}
              onChange={(e) => set(e.target.value)}
              disabled={!isSecure}
              aria-describedby={`${ids}-lists-hint`}
              className={textarea}
            />
          </div>
        ))}
      </div>
      <p id={`${ids}-lists-hint`} className="-mt-2 text-xs text-zinc-500">
        {isSecure ? t("listHint") : t("listsNeedSecure")}
      </p>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          {tc("cancel")}
        </Button>
        <Button type="submit" busy={busy}>
          {link ? t("save") : t("create")}
        </Button>
      </div>
    </form>
  );
}

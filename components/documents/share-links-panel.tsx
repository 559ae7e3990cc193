"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmModal } from "@/components/ui/confirm-modal";
import { ContextMenu as LinkMenu } from "@/components/ui/context-menu";
import { Modal } from "@/components/ui/modal";
import { useNotify } from "@/components/ui/notifications";
import { TextField } from "@/components/ui/text-field";
import { useAction } from "@/components/ui/use-action";
import { callOperation } from "@/lib/client/operations";
import { useFormat } from "@/lib/i18n/use-format";

const ROLES = ["reader", "commenter", "reviewer"] as const;
type LinkRole = (typeof ROLES)[number];

type ShareLink = {
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

type Settings = { name: string; role: LinkRole; expiredAt?: string | null; isSecure: boolean; allowList: string[]; denyList: string[] };

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

/**
 * The share links of a document (spec DocumentLink): list with role, expiry, last access and an
 * expired badge; create; copy; and the context menu of the spec, "Update settings" and "Remove".
 * Only editors manage links (`canShare`); the lead embeds this in the document screen.
 */
export function ShareLinksPanel({ documentId, canShare }: { documentId: string; canShare: boolean }) {
  const t = useTranslations("shareLinks");
  const ta = useTranslations("alerts");
  const tc = useTranslations("common");
  const format = useFormat();
  const notify = useNotify();
  const [links, setLinks] = useState<ShareLink[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [editing, setEditing] = useState<ShareLink | "new" | null>(null);
  const [removing, setRemoving] = useState<ShareLink | null>(null);
  const action = useAction();
  const busy = action.busy;

  const load = useCallback(async () => {
    try {
      setLinks(await callOperation("links", { id: documentId }));
      setLoadFailed(false);
    } catch {
      setLoadFailed(true);
    }
  }, [documentId]);

  useEffect(() => {
    // The list comes from the server: fetched once the panel is in the browser.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (canShare) void load();
  }, [canShare, load]);

  async function save(settings: Settings) {
    const isNew = editing === "new";
    const saved = await action.run(
      async () => {
        if (isNew) await callOperation("createLink", { ...settings, id: documentId });
        else if (editing) await callOperation("updateLink", { ...settings, linkId: editing.id });
        return true;
      },
      isNew ? "added" : "updated",
      isNew ? "createError" : "updateError",
    );
    if (!saved) return;
    setEditing(null);
    await load();
  }

  async function remove(link: ShareLink) {
    setRemoving(null);
    if (await action.run(() => callOperation("deleteLink", { linkId: link.id }), "updated", "deleteError")) await load();
  }

  async function copy(link: ShareLink) {
    try {
      await navigator.clipboard.writeText(link.url);
      notify({ tone: "success", title: ta("copied") });
    } catch {
      notify({ tone: "error", title: ta("copyFailed") });
    }
  }

  const dateText = (value: string) => format.date(value, { dateStyle: "medium" });
  const dateTimeText = (value: string) => format.dateTime(value);

  return (
    <section aria-labelledby="share-links-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="share-links-title" className="text-lg font-semibold">
            {t("title")}
          </h2>
          <p className="text-sm text-zinc-600">{t("intro")}</p>
        </div>
        {canShare && <Button onClick={() => setEditing("new")}>{t("newLink")}</Button>}
      </div>
      {!canShare ? (
        <p className="text-sm text-zinc-500">{t("cannotShare")}</p>
      ) : loadFailed ? (
        <Alert tone="error">{t("loadError")}</Alert>
      ) : links === null ? (
        <p role="status" className="text-sm text-zinc-500">
          {tc("loading")}
        </p>
      ) : links.length === 0 ? (
        <p className="text-sm text-zinc-500">{t("empty")}</p>
      ) : (
        <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white">
          {links.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="share-link-row">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="break-words">{link.name}</span>
                  <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700">{t(`roles.${link.role}`)}</span>
                  {link.isSecure && (
                    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs text-emerald-700">{t("secureBadge")}</span>
                  )}
                  {link.isExpired && <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs text-red-700">{t("expiredBadge")}</span>}
                </p>
                <p className="mt-0.5 flex flex-wrap gap-x-4 text-sm text-zinc-600">
                  <span>{link.expiredAt ? t("expiresOn", { date: dateText(link.expiredAt) }) : t("noExpiry")}</span>
                  <span>
                    {t("lastAccess")}: {link.accessedAt ? dateTimeText(link.accessedAt) : t("never")}
                  </span>
                </p>
              </div>
              <Button variant="secondary" onClick={() => void copy(link)} disabled={link.isExpired}>
                {t("copy")}
              </Button>
              <LinkMenu
                label={t("actions", { name: link.name })}
                items={[
                  { label: t("updateSettings"), onSelect: () => setEditing(link) },
                  { label: t("remove"), onSelect: () => setRemoving(link), danger: true },
                ]}
              />
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={editing !== null}
        size="lg"
        title={editing === "new" ? t("newLink") : t("updateSettings")}
        onClose={() => setEditing(null)}
      >
        {editing !== null && (
          <LinkSettingsForm
            key={editing === "new" ? "new" : editing.id}
            link={editing === "new" ? null : editing}
            busy={busy}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      <ConfirmModal
        open={removing !== null}
        title={t("remove")}
        message={removing ? t("confirmRemove", { name: removing.name }) : ""}
        confirmLabel={t("remove")}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void remove(removing)}
      />
    </section>
  );
}

/** The create and "Update settings" form. Lists only apply to secure links, so they follow the checkbox. */
function LinkSettingsForm({
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
      <TextField label={t("name")} required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
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

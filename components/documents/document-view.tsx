"use client";

import { useFormatter, useLocale, useTranslations } from "@/lib/i18n/client";
import { DEFAULT_CURRENCY } from "@/lib/i18n/locale-rules";
import type { Locale } from "@/lib/i18n/locales";
import dynamic from "next/dynamic";
import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { useErrorText } from "@/components/auth/use-error-text";
import { FolderOptions } from "@/components/folders/folder-options";
import { Button } from "@/components/ui/button";
import { ConfirmModal } from "@/components/ui/confirm-modal";
import { TagPicker } from "@/components/ui/tag-picker";
import { TextField } from "@/components/ui/text-field";
import { useAction } from "@/components/ui/use-action";
import { callOperation, operationHref, uploadOperation } from "@/lib/client/operations";
import type { DOCUMENT_STATUSES } from "@/lib/documents/status";
import type { FolderOption } from "@/lib/folders/folder-types";
import { LOCALES } from "@/lib/i18n/locales";
import { TEMPLATE_ACCEPT } from "@/lib/templates/template-accept";
import type { Variable } from "@/lib/templates/variables";
import { SealingBanner, type SealingBannerState } from "@/components/sealing/sealing-banner";
import { HealthDot } from "./document-bits";
import { usePdfDownload } from "./use-pdf-download";
import { useDocumentSigningEvents } from "./use-document-signing-events";
import {
  archiveDocumentOp,
  cloneDocumentOp,
  deleteDocumentOp,
  lockDocumentOp,
  unlockDocumentOp,
  updateDocumentOp,
  updateDocumentStatusOp,
} from "@/lib/operations/routes/document";
import { ActivityPanel, RemindersPanel } from "./document-panels";
import type { ActivityItem } from "./activity-panel";
import { getDocumentFileOp, getDocumentPdfOp, updateDocumentVersionOp } from "@/lib/operations/routes/document-file";
import { LIMITS } from "@/lib/validation/limits";

// The form that edits the values opens on demand: its code stays out of the screen's first load.
const CreateDocumentForm = dynamic(() => import("@/components/templates/create-document-form").then((m) => m.CreateDocumentForm));

type Status = (typeof DOCUMENT_STATUSES)[number];
type Abilities = { view: boolean; comment: boolean; suggest: boolean; edit: boolean; share: boolean; manage: boolean };
type Details = {
  id: string;
  name: string;
  ref: string | null;
  status: Status;
  health: "green" | "amber" | "red";
  description: string | null;
  language: string | null;
  jurisdiction: string | null;
  risk: number | null;
  complexity: number | null;
  priority: number | null;
  value: number | null;
  currency: string | null;
  startedAt: string | null;
  endedAt: string | null;
  renewalAt: string | null;
  categoryId: string | null;
  folderId: string | null;
  tagIds: string[];
  template: { id: string; name: string } | null;
  author: string | null;
  createdAt: string;
  /** Someone else holds the edit lock. */
  locked: boolean;
  /** Their name, when `locked` and they are still a user. */
  lockedBy: string | null;
  /** In the archive: out of the lists until an owner restores it. */
  archived: boolean;
  /** How sealing the signed document stands (Document.metadata.sealing), null when never tried. */
  sealing?: SealingBannerState | null;
};

const TABS = ["document", "details", "fields", "versions", "activity"] as const;
type Tab =
  (typeof TABS)[number] | "attachments" | "access" | "sharing" | "relations" | "comments" | "approvals" | "signatures" | "reminders";
const input = "min-h-10 rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm disabled:bg-zinc-50";

function Select({
  label,
  value,
  onChange,
  disabled,
  children,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700">
      {label}
      <select className={input} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </label>
  );
}

/**
 * The document screen (spec /d/{id}/view): the pages rendered in the browser, status with its
 * health, details, filled fields, versions and the activity from the audit trail. What the
 * caller may change follows their document role; a Reader sees everything read-only.
 */
export function DocumentView({
  document,
  role,
  abilities,
  canCreate,
  refEditable,
  nextStatuses,
  html,
  isPdf,
  viewing,
  pdfRenditions,
  versions,
  editValues,
  values,
  activity,
  categories,
  tags,
  folders,
  sharing,
  attachments,
  access,
  relations,
  comments,
  approvals,
  signatures,
  initialTab,
}: {
  document: Details;
  role: string;
  abilities: Abilities;
  /** The caller may make documents (ManageDocuments): a copy is one. */
  canCreate: boolean;
  /** The workspace setting refModification: references may be changed by hand. */
  refEditable: boolean;
  nextStatuses: Status[];
  /** The rendition of the version shown (`viewing`): HTML for a Word file, null for a PDF. */
  html: string | null;
  isPdf: boolean;
  /** The version on show: the latest, or an older one chosen with ?version=N. */
  viewing: { version: number; latestVersion: number; isLatest: boolean };
  /** LibreOffice is installed: Word versions can be downloaded as PDF too. */
  pdfRenditions: boolean;
  versions: { version: number; name: string; size: number; mimetype: string; author: string | null; createdAt: string }[];
  /** What editing the fields needs (a document made from a template, for its editors). */
  editValues?: {
    templateId: string;
    templateName: string;
    variables: Variable[];
    currency: string | null;
    globals: Record<string, string>;
    maxUploadBytes: number;
    values: Record<string, unknown>;
    files: Record<string, string>;
  };
  /** The filled fields; an upload field's file is downloaded from `href`. */
  /** Each field's label and its value as the reader reads it (lib/templates/field-display.ts). */
  values: { name: string; display: string; href?: string }[];
  /** The audit trail's events, newest first, each with who acted and whom it concerns (components/documents/activity-panel.tsx). */
  activity: ActivityItem[];
  categories: { id: string; name: string }[];
  tags: { id: string; name: string; color: string }[];
  folders: FolderOption[];
  sharing?: ReactNode;
  /** The files kept with the document (components/documents/attachments-panel.tsx). */
  attachments?: ReactNode;
  /** Who has which role, requests, ownership (lib/documents/policies.ts). */
  access?: ReactNode;
  /** Relations to other documents and templates (components/documents/relations-panel.tsx). */
  relations?: ReactNode;
  /** Comments, for commenters and up (components/documents/comments-panel.tsx). */
  comments?: ReactNode;
  /** Approvers, their states and threads (components/approvals/approvals-panel.tsx). */
  approvals?: ReactNode;
  /** Signers, parties and placement (components/signatures/signatures-panel.tsx). */
  signatures?: ReactNode;
  /** The tab to open first (`?tab=signatures` from the dashboard's next steps); the document otherwise. */
  initialTab?: string;
}) {
  const t = useTranslations("documents");
  // An example in the interface language's currency (its code), not always EUR.
  const defaultCurrency = DEFAULT_CURRENCY[useLocale() as Locale];
  const ts = useTranslations("documents.status");
  const tf = useTranslations("folders");
  const tl = useTranslations("common.languages");
  const format = useFormatter();
  const router = useRouter();
  // Each step of the approvals, signatures and seal shows without a reload, whichever app process took it.
  useDocumentSigningEvents(document.id, () => router.refresh());
  const { run, busy } = useAction();
  // The tab an address asks for, when the screen shows it to this reader; the document otherwise.
  const [tab, setTab] = useState<Tab>(() => {
    const wanted = initialTab as Tab | undefined;
    const panels: Partial<Record<Tab, ReactNode>> = { attachments, access, sharing, relations, comments, approvals, signatures };
    const shown = wanted && ((TABS as readonly string[]).includes(wanted) || wanted === "reminders" || panels[wanted]);
    return shown ? wanted : "document";
  });
  const [nextStatus, setNextStatus] = useState<string>("");
  const [deleting, setDeleting] = useState(false);
  const [editingValues, setEditingValues] = useState(false);
  const errorText = useErrorText();
  const [lockError, setLockError] = useState<string | null>(null);
  const editable = abilities.edit && !lockError;
  const pdf = usePdfDownload();
  // Downloads in the header follow the version on show.
  const shownVersion = viewing.isLatest ? {} : { version: viewing.version };
  const pdfAvailable = isPdf || pdfRenditions;

  // Editing the details holds the document's edit lock, renewed every 5 minutes and released on leaving.
  useEffect(() => {
    if (tab !== "details" || !abilities.edit) return;
    let active = true;
    const take = () =>
      callOperation(lockDocumentOp, { id: document.id })
        .then(() => active && setLockError(null))
        .catch((error) => active && setLockError(errorText(error)));
    take();
    const timer = setInterval(take, 5 * 60 * 1000);
    return () => {
      active = false;
      clearInterval(timer);
      callOperation(unlockDocumentOp, { id: document.id }).catch(() => {});
    };
  }, [tab, abilities.edit, document.id]); // eslint-disable-line react-hooks/exhaustive-deps
  const [form, setForm] = useState({
    name: document.name,
    ref: document.ref ?? "",
    description: document.description ?? "",
    language: document.language ?? "",
    jurisdiction: document.jurisdiction ?? "",
    risk: document.risk?.toString() ?? "",
    complexity: document.complexity?.toString() ?? "",
    priority: document.priority?.toString() ?? "",
    value: document.value?.toString() ?? "",
    currency: document.currency ?? "",
    startedAt: document.startedAt ?? "",
    endedAt: document.endedAt ?? "",
    renewalAt: document.renewalAt ?? "",
    categoryId: document.categoryId ?? "",
    folderId: document.folderId ?? "root",
    tagIds: document.tagIds,
  });
  const num = (v: string) => (v === "" ? null : Number(v));
  const tabs: Tab[] = [
    ...TABS,
    ...(attachments ? (["attachments"] as const) : []),
    ...(access ? (["access"] as const) : []),
    ...(sharing ? (["sharing"] as const) : []),
    ...(relations ? (["relations"] as const) : []),
    ...(comments ? (["comments"] as const) : []),
    ...(approvals ? (["approvals"] as const) : []),
    ...(signatures ? (["signatures"] as const) : []),
    "reminders",
  ];

  async function save(event: FormEvent) {
    event.preventDefault();
    await run(
      () =>
        callOperation(updateDocumentOp, {
          id: document.id,
          name: form.name,
          ...(form.ref !== (document.ref ?? "") ? { ref: form.ref.trim() || null } : {}),
          description: form.description.trim() || null,
          language: form.language || null,
          jurisdiction: form.jurisdiction.trim() || null,
          risk: num(form.risk),
          complexity: num(form.complexity),
          priority: num(form.priority),
          value: num(form.value),
          currency: form.currency.trim() ? form.currency.trim().toUpperCase() : null,
          startedAt: form.startedAt || null,
          endedAt: form.endedAt || null,
          renewalAt: form.renewalAt || null,
          categoryId: form.categoryId || null,
          folderId: form.folderId === "root" ? null : form.folderId,
          tagIds: form.tagIds,
        }),
      "saved",
      "updateError",
    );
  }

  return (
    <div className="flex max-w-6xl flex-col gap-4">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">{document.name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-3 text-sm text-zinc-600">
            {document.ref && <span>#{document.ref}</span>}
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-brand-800" data-testid="document-status">
              {ts(document.status)}
            </span>
            <HealthDot health={document.health} withLabel />
            <span>{t("yourRole", { role: t(`roles.${role}` as "roles.reader") })}</span>
          </p>
          {document.template && <p className="text-xs text-zinc-500">{t("fromTemplate", { name: document.template.name })}</p>}
          {document.locked && (
            <p role="status" className="mt-2 rounded bg-amber-50 px-2 py-1 text-sm text-amber-800" data-testid="lock-notice">
              {document.lockedBy ? t("lockedBy", { name: document.lockedBy }) : t("lockedByOther")}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-end gap-2">
          {/* While someone else edits, the server refuses a status change (DOCUMENT_LOCKED): not offered. */}
          {editable && !document.locked && nextStatuses.length > 0 && (
            <form
              className="flex items-end gap-2"
              onSubmit={async (e) => {
                e.preventDefault();
                if (
                  nextStatus &&
                  (await run(
                    () => callOperation(updateDocumentStatusOp, { id: document.id, newStatus: nextStatus as Status }),
                    "updated",
                    "updateError",
                  ))
                )
                  setNextStatus("");
              }}
            >
              <Select label={t("changeStatus")} value={nextStatus} onChange={setNextStatus} disabled={busy}>
                <option value="">—</option>
                {nextStatuses.map((s) => (
                  <option key={s} value={s}>
                    {ts(s)}
                  </option>
                ))}
              </Select>
              <Button type="submit" variant="secondary" busy={busy} disabled={!nextStatus}>
                {t("apply")}
              </Button>
            </form>
          )}
          <a
            className="inline-flex min-h-10 items-center rounded-md border border-zinc-300 bg-white px-4 text-sm font-medium hover:bg-zinc-50"
            href={operationHref(getDocumentFileOp, { id: document.id, ...shownVersion })}
            download
          >
            {t("download")}
          </a>
          {pdfAvailable && (
            <a
              className="inline-flex min-h-10 items-center rounded-md border border-zinc-300 bg-white px-4 text-sm font-medium hover:bg-zinc-50"
              href={operationHref(getDocumentPdfOp, { id: document.id, ...shownVersion })}
              download
            >
              {t("downloadPdf")}
            </a>
          )}
          {canCreate && (
            <Button
              variant="secondary"
              onClick={async () => {
                const copy = await run(() => callOperation(cloneDocumentOp, { id: document.id }), "duplicated", "cloneError");
                if (copy) router.push(`/d/${copy.id}/view`);
              }}
            >
              {t("duplicate")}
            </Button>
          )}
          {abilities.manage && !document.archived && (
            <Button
              variant="secondary"
              onClick={() => run(() => callOperation(archiveDocumentOp, { id: document.id, archived: true }), "updated", "updateError")}
            >
              {t("archive")}
            </Button>
          )}
          {abilities.manage && (
            <Button variant="danger" onClick={() => setDeleting(true)}>
              {t("delete")}
            </Button>
          )}
        </div>
      </header>

      <SealingBanner documentId={document.id} sealing={document.sealing ?? null} canRetry={role === "owner"} />

      {document.archived && (
        <p
          role="status"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-zinc-100 px-3 py-2 text-sm text-zinc-800"
          data-testid="archived-notice"
        >
          <span>{t("archivedNotice")}</span>
          {abilities.manage && (
            <Button
              variant="secondary"
              onClick={() => run(() => callOperation(archiveDocumentOp, { id: document.id, archived: false }), "updated", "updateError")}
            >
              {t("restore")}
            </Button>
          )}
        </p>
      )}

      {!viewing.isLatest && (
        <p
          role="status"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900"
          data-testid="version-notice"
        >
          <span>{t("viewingVersion", { version: viewing.version, latest: viewing.latestVersion })}</span>
          <Link className="font-medium text-brand-700 underline" href={`/d/${document.id}/view`}>
            {t("viewLatest")}
          </Link>
        </p>
      )}

      <div
        role="tablist"
        aria-label={t("sections")}
        className="flex flex-wrap gap-1 border-b border-zinc-200"
        onKeyDown={(event) => {
          // Arrow keys move between tabs, Home and End jump to the ends (WAI-ARIA tabs).
          const index = tabs.indexOf(tab);
          const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
          if (next === undefined) return;
          event.preventDefault();
          const key = tabs[(next + tabs.length) % tabs.length];
          setTab(key);
          globalThis.document.getElementById(`tab-${key}`)?.focus();
        }}
      >
        {tabs.map((key) => (
          <button
            key={key}
            role="tab"
            id={`tab-${key}`}
            aria-selected={tab === key}
            tabIndex={tab === key ? 0 : -1}
            aria-controls={`panel-${key}`}
            onClick={() => setTab(key as Tab)}
            className={`rounded-t-md px-4 py-2 text-sm ${tab === key ? "border-b-2 border-brand-600 font-semibold text-brand-800" : "text-zinc-600 hover:bg-zinc-50"}`}
          >
            {t(`tabs.${key}`)}
          </button>
        ))}
      </div>

      {tab === "document" && (
        <section id="panel-document" role="tabpanel" aria-labelledby="tab-document">
          {isPdf ? (
            <iframe
              title={document.name}
              src={operationHref(getDocumentFileOp, { id: document.id, inline: "1", ...shownVersion })}
              className="h-[80vh] w-full rounded-lg border border-zinc-200 bg-white"
            />
          ) : (
            <article
              className="rendition mx-auto max-w-3xl rounded-lg border border-zinc-200 bg-white p-6 shadow-sm sm:p-10"
              data-testid="document-rendition"
              dangerouslySetInnerHTML={{ __html: html ?? "" }}
            />
          )}
        </section>
      )}

      {tab === "details" && (
        <section id="panel-details" role="tabpanel" aria-labelledby="tab-details">
          {lockError && (
            <p role="alert" className="mb-3 rounded-md bg-amber-50 p-3 text-sm text-amber-800">
              {lockError}
            </p>
          )}
          <form onSubmit={save} className="grid gap-3 rounded-lg border border-zinc-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3">
            <TextField
              className="sm:col-span-2"
              label={t("fields.name")}
              required
              maxLength={LIMITS.title}
              disabled={!editable}
              value={form.name}
              onChange={(e) => setForm({ ...form, name: e.target.value })}
            />
            <TextField
              label={t("fields.ref")}
              maxLength={LIMITS.ref}
              disabled={!editable || !refEditable}
              value={form.ref}
              onChange={(e) => setForm({ ...form, ref: e.target.value })}
            />
            <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700 sm:col-span-2 lg:col-span-3">
              {t("fields.description")}
              <textarea
                className={`${input} min-h-20`}
                maxLength={LIMITS.description}
                disabled={!editable}
                value={form.description}
                onChange={(e) => setForm({ ...form, description: e.target.value })}
              />
            </label>
            {(["risk", "complexity", "priority"] as const).map((key) => (
              <Select
                key={key}
                label={t(`fields.${key}`)}
                value={form[key]}
                disabled={!editable}
                onChange={(v) => setForm({ ...form, [key]: v })}
              >
                <option value="">—</option>
                {[1, 2, 3, 4, 5].map((n) => (
                  <option key={n} value={n}>
                    {t(`levels.${n}` as "levels.1")}
                  </option>
                ))}
              </Select>
            ))}
            <TextField
              label={t("fields.value")}
              type="number"
              min={0}
              step="0.01"
              disabled={!editable}
              value={form.value}
              onChange={(e) => setForm({ ...form, value: e.target.value })}
            />
            <TextField
              label={t("fields.currency")}
              maxLength={LIMITS.currency}
              placeholder={defaultCurrency}
              disabled={!editable}
              value={form.currency}
              onChange={(e) => setForm({ ...form, currency: e.target.value })}
            />
            <Select
              label={t("fields.language")}
              value={form.language}
              disabled={!editable}
              onChange={(v) => setForm({ ...form, language: v })}
            >
              <option value="">—</option>
              {LOCALES.map((l) => (
                <option key={l} value={l}>
                  {tl(l)}
                </option>
              ))}
            </Select>
            <TextField
              label={t("fields.startedAt")}
              type="date"
              disabled={!editable}
              value={form.startedAt}
              onChange={(e) => setForm({ ...form, startedAt: e.target.value })}
            />
            <TextField
              label={t("fields.endedAt")}
              type="date"
              disabled={!editable}
              value={form.endedAt}
              onChange={(e) => setForm({ ...form, endedAt: e.target.value })}
            />
            <TextField
              label={t("fields.renewalAt")}
              type="date"
              disabled={!editable}
              value={form.renewalAt}
              onChange={(e) => setForm({ ...form, renewalAt: e.target.value })}
            />
            <TextField
              label={t("fields.jurisdiction")}
              maxLength={LIMITS.jurisdiction}
              disabled={!editable}
              value={form.jurisdiction}
              onChange={(e) => setForm({ ...form, jurisdiction: e.target.value })}
            />
            <Select
              label={t("category")}
              value={form.categoryId}
              disabled={!editable}
              onChange={(v) => setForm({ ...form, categoryId: v })}
            >
              <option value="">—</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
            <Select label={tf("folder")} value={form.folderId} disabled={!editable} onChange={(v) => setForm({ ...form, folderId: v })}>
              <FolderOptions folders={folders} rootLabel={tf("drive")} />
            </Select>
            <TagPicker
              className="sm:col-span-2 lg:col-span-3"
              legend={t("tags")}
              tags={tags}
              selected={form.tagIds}
              disabled={!editable}
              onChange={(tagIds) => setForm({ ...form, tagIds })}
            />
            <p className="text-xs text-zinc-500 sm:col-span-2 lg:col-span-3">
              {t("createdBy", {
                author: document.author ?? "—",
                date: format.dateTime(new Date(document.createdAt), { dateStyle: "medium" }),
              })}
            </p>
            {editable && (
              <div>
                <Button type="submit" busy={busy}>
                  {t("save")}
                </Button>
              </div>
            )}
          </form>
        </section>
      )}

      {tab === "fields" && (
        <section id="panel-fields" role="tabpanel" aria-labelledby="tab-fields" className="flex flex-col gap-3">
          {editValues && editable && !document.locked && !editingValues && viewing.isLatest && (
            <Button variant="secondary" className="w-fit" onClick={() => setEditingValues(true)}>
              {t("editValues")}
            </Button>
          )}
          {editValues && editingValues ? (
            <CreateDocumentForm
              templateId={editValues.templateId}
              templateName={editValues.templateName}
              variables={editValues.variables}
              currency={editValues.currency}
              globals={editValues.globals}
              maxUploadBytes={editValues.maxUploadBytes}
              editing={{
                documentId: document.id,
                values: editValues.values,
                files: editValues.files,
                onDone: () => setEditingValues(false),
              }}
            />
          ) : values.length === 0 ? (
            <p className="text-sm text-zinc-600">{t("noValues")}</p>
          ) : (
            <dl className="grid gap-x-6 gap-y-2 rounded-lg border border-zinc-200 bg-white p-4 sm:grid-cols-[auto_1fr]">
              {values.map((v) => (
                <div key={v.name} className="contents">
                  <dt className="text-sm font-medium text-zinc-600">{v.name}</dt>
                  <dd className="text-sm">
                    {v.href ? (
                      <a className="text-brand-700 hover:underline" href={v.href} download>
                        {v.display}
                      </a>
                    ) : (
                      v.display
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      )}

      {tab === "versions" && (
        <section id="panel-versions" role="tabpanel" aria-labelledby="tab-versions" className="flex flex-col gap-3">
          {editable && (
            <label className="inline-flex w-fit cursor-pointer items-center rounded-md border border-zinc-300 bg-white px-4 py-2 text-sm font-medium hover:bg-zinc-50 focus-within:ring-2 focus-within:ring-brand-500">
              {t("newVersion")}
              <input
                type="file"
                accept={TEMPLATE_ACCEPT}
                className="sr-only"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) run(() => uploadOperation(updateDocumentVersionOp, { id: document.id }, file), "updated", "updateError");
                }}
              />
            </label>
          )}
          <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white">
            {versions.map((v, index) => (
              <li
                key={v.version}
                className="flex flex-wrap items-center gap-3 px-4 py-2 text-sm"
                data-testid="version-row"
                aria-current={v.version === viewing.version ? "true" : undefined}
              >
                <span className="font-semibold">{t("versionN", { version: v.version })}</span>
                {v.version === viewing.version && (
                  <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-800">{t("versionShown")}</span>
                )}
                <span className="text-zinc-600">{v.name}</span>
                {v.author && <span className="text-zinc-500">{v.author}</span>}
                <span className="text-zinc-500">{format.dateTime(new Date(v.createdAt), { dateStyle: "medium", timeStyle: "short" })}</span>
                <span className="flex-1" />
                {v.version !== viewing.version && (
                  <Link
                    className="text-brand-700 hover:underline"
                    href={index === 0 ? `/d/${document.id}/view` : `/d/${document.id}/view?version=${v.version}`}
                    aria-label={t("viewVersionN", { version: v.version })}
                  >
                    {t("viewVersion")}
                  </Link>
                )}
                <a
                  className="text-brand-700 hover:underline"
                  href={operationHref(getDocumentFileOp, { id: document.id, version: v.version })}
                  aria-label={t("downloadVersionN", { version: v.version })}
                >
                  {t("download")}
                </a>
                {(v.mimetype === "application/pdf" || pdfRenditions) && (
                  <button
                    type="button"
                    className="text-brand-700 hover:underline disabled:opacity-50"
                    disabled={pdf.busy}
                    onClick={() => pdf.download(document.id, v.version)}
                    aria-label={t("downloadPdfVersionN", { version: v.version })}
                  >
                    {t("downloadPdf")}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      {tab === "activity" && (
        <section id="panel-activity" role="tabpanel" aria-labelledby="tab-activity">
          <ActivityPanel activity={activity} />
        </section>
      )}

      {tab === "attachments" && attachments && (
        <section id="panel-attachments" role="tabpanel" aria-labelledby="tab-attachments">
          {attachments}
        </section>
      )}

      {tab === "access" && access && (
        <section id="panel-access" role="tabpanel" aria-labelledby="tab-access">
          {access}
        </section>
      )}

      {tab === "sharing" && sharing && (
        <section id="panel-sharing" role="tabpanel" aria-labelledby="tab-sharing">
          {sharing}
        </section>
      )}

      {tab === "relations" && relations && (
        <section id="panel-relations" role="tabpanel" aria-labelledby="tab-relations">
          {relations}
        </section>
      )}

      {tab === "comments" && comments && (
        <section id="panel-comments" role="tabpanel" aria-labelledby="tab-comments">
          {comments}
        </section>
      )}

      {tab === "approvals" && approvals && (
        <section id="panel-approvals" role="tabpanel" aria-labelledby="tab-approvals">
          {approvals}
        </section>
      )}

      {tab === "reminders" && (
        <section id="panel-reminders" role="tabpanel" aria-labelledby="tab-reminders">
          <RemindersPanel documentId={document.id} canEdit={abilities.edit} />
        </section>
      )}

      {tab === "signatures" && signatures && (
        <section id="panel-signatures" role="tabpanel" aria-labelledby="tab-signatures">
          {signatures}
        </section>
      )}

      <ConfirmModal
        open={deleting}
        title={t("delete")}
        message={t("confirmDelete", { name: document.name })}
        confirmLabel={t("delete")}
        onCancel={() => setDeleting(false)}
        onConfirm={async () => {
          setDeleting(false);
          if (await run(() => callOperation(deleteDocumentOp, { id: document.id }), "updated", "deleteError")) router.push("/docs");
        }}
      />
    </div>
  );
}

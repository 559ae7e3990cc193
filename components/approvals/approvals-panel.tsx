"use client";

import { useFormatter, useTranslations } from "@/lib/i18n/client";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { useErrorText } from "@/components/auth/use-error-text";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { callOperation, type OperationOutput } from "@/lib/client/operations";
import { ApprovalThread } from "./approval-thread";
import { ApproverEditor } from "./approver-editor";
import { useDocumentSigningEvents } from "@/components/documents/use-document-signing-events";
import {
  approvalsOp,
  createApprovalOp,
  deleteApprovalOp,
  requestApprovalOp,
  requestApprovalsOp,
  setApprovalProcessOp,
  updateApprovalOp,
} from "@/lib/operations/routes/approval";
import { LIMITS } from "@/lib/validation/limits";

type Page = OperationOutput<"approvals">;
type Approval = Page["items"][number];
type Member = { id: string; name: string; email: string };
type Settings = { allowComment: boolean; allowModification: boolean; allowDownload: boolean };

const STATE_TONES: Record<Approval["state"], string> = {
  created: "bg-zinc-100 text-zinc-700",
  requested: "bg-amber-100 text-amber-800",
  approved: "bg-emerald-100 text-emerald-800",
  rejected: "bg-red-100 text-red-800",
  cancelled: "bg-zinc-100 text-zinc-500",
};
const field = "min-h-10 rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm";
const emptyForm = {
  kind: "internal" as "internal" | "external",
  userId: "",
  firstName: "",
  lastName: "",
  email: "",
  order: "",
  message: "",
};

/**
 * The document's Approvals tab: who approves, in which order and with what state, the process
 * (sequential or parallel), adding an approver (a member, or someone outside), sending for
 * approval, re-sending one link, and each approver's thread. Editors manage; readers look.
 */
export function ApprovalsPanel({
  documentId,
  canManage,
  canComment,
  members,
}: {
  documentId: string;
  canManage: boolean;
  canComment: boolean;
  members: Member[];
}) {
  const t = useTranslations("approvals");
  const format = useFormatter();
  const errorText = useErrorText();
  const router = useRouter();
  const [page, setPage] = useState<Page | null>(null);
  const [form, setForm] = useState(emptyForm);
  const [settings, setSettings] = useState<Settings>({ allowComment: true, allowModification: false, allowDownload: true });
  const [open, setOpen] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  const reload = useCallback(async () => {
    const items: Approval[] = [];
    let cursorId: string | undefined;
    let first: Page | null = null;
    do {
      const next = await callOperation(approvalsOp, { documentId, size: 100, ...(cursorId ? { cursorId } : {}) });
      first ??= next;
      items.push(...next.items);
      cursorId = next.nextCursorId ?? undefined;
    } while (cursorId);
    setPage({ ...first!, items, nextCursorId: null });
  }, [documentId]);
  useEffect(() => {
    // The list comes from the server: fetched once the panel is in the browser.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    reload().catch((caught) => setNotice({ tone: "error", text: errorText(caught) }));
  }, [reload]); // eslint-disable-line react-hooks/exhaustive-deps
  // A reviewer's decision or message, from any app process, shows without a reload.
  useDocumentSigningEvents(documentId, (change) => {
    if (!change || change.kind === "approval") reload().catch(() => undefined);
  });

  async function act(name: string, work: () => Promise<unknown>, done: string) {
    setBusy(name);
    setNotice(null);
    try {
      await work();
      await reload();
      setNotice({ tone: "success", text: done });
      // The document's status (toReview, approved, rejected) shows in the page's header.
      router.refresh();
      return true;
    } catch (caught) {
      setNotice({ tone: "error", text: errorText(caught) });
      return false;
    } finally {
      setBusy(null);
    }
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    const person =
      form.kind === "internal"
        ? { userId: form.userId }
        : { email: form.email.trim(), firstName: form.firstName.trim(), lastName: form.lastName.trim() };
    const added = await act(
      "add",
      () =>
        callOperation(createApprovalOp, {
          documentId,
          ...person,
          ...(form.order ? { order: Number(form.order) } : {}),
          ...(form.message.trim() ? { message: form.message.trim() } : {}),
          settings,
        }),
      t("added"),
    );
    if (added) setForm(emptyForm);
  }

  const date = (value: string | null) => (value ? format.dateTime(new Date(value), { dateStyle: "medium", timeStyle: "short" }) : "");
  /** The request email's fate: sent, delivered (the mail server took it), failed or opened (its image was shown), with when. */
  const emailText = (email: NonNullable<Approval["emails"]>[number]) => {
    const at = { opened: email.openedAt, failed: email.failedAt, delivered: email.deliveredAt, sent: email.sentAt }[email.status];
    return t(`emailStatus.${email.status}`, { date: date(String(at ?? email.sentAt)) });
  };
  const items = page?.items ?? [];
  // Sending asks whoever is due; while someone is asked, re-sending is per approver.
  const canSend = items.length > 0 && !items.some((a) => a.state === "requested");

  return (
    <div className="flex flex-col gap-4" data-testid="approvals-panel">
      <p className="text-sm text-zinc-600">{t("intro")}</p>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}

      <fieldset className="flex flex-col gap-1" disabled={!canManage || busy !== null}>
        <legend className="text-sm font-medium text-zinc-700">{t("process")}</legend>
        {(["sequential", "parallel"] as const).map((process) => (
          <label key={process} className="flex min-h-10 items-center gap-2 text-sm">
            <input
              type="radio"
              name="approval-process"
              value={process}
              checked={page?.approvalProcess === process}
              onChange={() =>
                act("process", () => callOperation(setApprovalProcessOp, { documentId, approvalProcess: process }), t("processSaved"))
              }
            />
            {t(process)}
          </label>
        ))}
      </fieldset>

      <section aria-labelledby="approvers-heading">
        <h3 id="approvers-heading" className="font-semibold text-zinc-900">
          {t("list")}
        </h3>
        {page && items.length === 0 && <p className="mt-2 text-sm text-zinc-600">{t("empty")}</p>}
        <ol className="mt-2 flex flex-col gap-2">
          {items.map((a) => (
            <li
              key={a.id}
              className="rounded-md border border-zinc-200 bg-white p-3"
              data-testid="approver"
              data-state={a.state}
              data-email={a.email}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div>
                  <p className="font-medium text-zinc-900">
                    {`${a.firstName} ${a.lastName}`.trim() || a.email} <span className="text-sm font-normal text-zinc-500">{a.email}</span>
                  </p>
                  <p className="text-xs text-zinc-500">
                    {t("orderN", { order: a.order })}
                    {a.requestedAt && ` · ${t("requestedAt", { date: date(a.requestedAt) })}`}
                    {a.emails?.[0] && ` · ${emailText(a.emails[0])}`}
                    {a.viewedAt && ` · ${t("viewedAt", { date: date(a.viewedAt) })}`}
                    {a.modifiedAt && ` · ${t("modifiedAt", { date: date(a.modifiedAt) })}`}
                    {a.approvedAt && ` · ${t("approvedAt", { date: date(a.approvedAt) })}`}
                    {a.rejectedAt && ` · ${t("rejectedAt", { date: date(a.rejectedAt) })}`}
                  </p>
                  {a.comment && <p className="mt-1 text-sm text-zinc-700">{t("comment", { comment: a.comment })}</p>}
                </div>
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATE_TONES[a.state]}`}>{t(`states.${a.state}`)}</span>
              </div>
              <div className="mt-2 flex flex-wrap gap-2">
                <Button variant="ghost" aria-expanded={open === a.id} onClick={() => setOpen(open === a.id ? null : a.id)}>
                  {open === a.id ? t("hideThread") : t("showThread")}
                </Button>
                {canManage && (a.state === "requested" || (a.state !== "approved" && a.state !== "rejected" && !canSend)) && (
                  <Button
                    variant="secondary"
                    busy={busy === `resend-${a.id}`}
                    onClick={() =>
                      act(
                        `resend-${a.id}`,
                        () => callOperation(requestApprovalOp, { id: a.id }),
                        t(a.state === "requested" ? "resent" : "sent"),
                      )
                    }
                  >
                    {a.state === "requested" ? t("resend") : t("sendOne")}
                  </Button>
                )}
                {canManage && a.state !== "approved" && a.state !== "rejected" && (
                  <Button variant="ghost" aria-expanded={editing === a.id} onClick={() => setEditing(editing === a.id ? null : a.id)}>
                    {t("edit")}
                  </Button>
                )}
                {canManage && a.state !== "approved" && a.state !== "rejected" && (
                  <Button
                    variant="ghost"
                    busy={busy === `remove-${a.id}`}
                    onClick={() => act(`remove-${a.id}`, () => callOperation(deleteApprovalOp, { id: a.id }), t("removed"))}
                  >
                    {t("remove")}
                  </Button>
                )}
              </div>
              {editing === a.id && (
                <ApproverEditor
                  name={`${a.firstName} ${a.lastName}`.trim() || a.email}
                  order={a.order}
                  settings={a.settings}
                  busy={busy === `edit-${a.id}`}
                  onSave={async (change) => {
                    if (await act(`edit-${a.id}`, () => callOperation(updateApprovalOp, { id: a.id, ...change }), t("saved")))
                      setEditing(null);
                  }}
                />
              )}
              {open === a.id && <ApprovalThread approvalId={a.id} canReply={canComment} />}
            </li>
          ))}
        </ol>
      </section>

      {canManage && canSend && (
        <Button
          className="self-start"
          busy={busy === "send"}
          onClick={() => act("send", () => callOperation(requestApprovalsOp, { documentId }), t("sent"))}
        >
          {t("send")}
        </Button>
      )}

      {canManage && (
        <form
          onSubmit={add}
          className="flex flex-col gap-3 rounded-md border border-zinc-200 bg-white p-4"
          aria-labelledby="add-approver-heading"
        >
          <h3 id="add-approver-heading" className="font-semibold text-zinc-900">
            {t("add")}
          </h3>
          <fieldset className="flex flex-wrap gap-4">
            <legend className="sr-only">{t("kind")}</legend>
            {(["internal", "external"] as const).map((kind) => (
              <label key={kind} className="flex min-h-10 items-center gap-2 text-sm">
                <input type="radio" name="approver-kind" checked={form.kind === kind} onChange={() => setForm({ ...form, kind })} />
                {t(kind)}
              </label>
            ))}
          </fieldset>
          {form.kind === "internal" ? (
            <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700">
              {t("member")}
              <select className={field} required value={form.userId} onChange={(e) => setForm({ ...form, userId: e.target.value })}>
                <option value="">{t("chooseMember")}</option>
                {members.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name ? `${m.name} (${m.email})` : m.email}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <div className="grid gap-3 sm:grid-cols-3">
              <TextField
                label={t("firstName")}
                value={form.firstName}
                maxLength={LIMITS.memberName}
                onChange={(e) => setForm({ ...form, firstName: e.target.value })}
              />
              <TextField
                label={t("lastName")}
                value={form.lastName}
                maxLength={LIMITS.memberName}
                onChange={(e) => setForm({ ...form, lastName: e.target.value })}
              />
              <TextField
                label={t("email")}
                type="email"
                required
                value={form.email}
                onChange={(e) => setForm({ ...form, email: e.target.value })}
              />
            </div>
          )}
          <TextField
            label={t("order")}
            type="number"
            min={1}
            max={100}
            className="max-w-32"
            value={form.order}
            onChange={(e) => setForm({ ...form, order: e.target.value })}
          />
          <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700">
            {t("message")}
            <textarea
              className={`${field} min-h-16`}
              maxLength={LIMITS.comment}
              value={form.message}
              onChange={(e) => setForm({ ...form, message: e.target.value })}
            />
          </label>
          <fieldset className="flex flex-wrap gap-4">
            {(["allowComment", "allowModification", "allowDownload"] as const).map((key) => (
              <label key={key} className="flex min-h-10 items-center gap-2 text-sm">
                <input type="checkbox" checked={settings[key]} onChange={(e) => setSettings({ ...settings, [key]: e.target.checked })} />
                {t(key)}
              </label>
            ))}
          </fieldset>
          <Button type="submit" className="self-start" busy={busy === "add"}>
            {t("add")}
          </Button>
        </form>
      )}
    </div>
  );
}

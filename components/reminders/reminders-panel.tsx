"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmModal } from "@/components/ui/confirm-modal";
import { TextField } from "@/components/ui/text-field";
import { useAction } from "@/components/ui/use-action";
import { callOperation, type OperationOutput } from "@/lib/client/operations";
import { useFormat } from "@/lib/i18n/use-format";
import { REMINDER_LIMITS } from "@/lib/reminders/reminder-limits";
import { createReminderOp, deleteReminderOp, remindersOp, updateReminderOp } from "@/lib/operations/routes/reminder";

type Reminder = OperationOutput<"reminders">[number];
type Contact = { name: string; email: string; phone: string };
type Draft = { id: string | null; name: string; description: string; notifyAt: string; contacts: Contact[] };

const blankContact = (): Contact => ({ name: "", email: "", phone: "" });
/** A date as a datetime-local input holds it: local time, to the minute. */
const localInput = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
const draftOf = (r: Reminder | null): Draft =>
  r
    ? {
        id: r.id,
        name: r.name,
        description: r.description ?? "",
        notifyAt: localInput(new Date(r.notifyAt)),
        contacts: r.contacts.map((c) => ({ name: c.name, email: c.email, phone: c.phone ?? "" })),
      }
    : { id: null, name: "", description: "", notifyAt: localInput(new Date(Date.now() + 86_400_000)), contacts: [blankContact()] };

/**
 * A document's reminders (lib/reminders): when each is sent and to whom, with each person's
 * status. Editors add, change and remove them; readers see them. Loaded when the tab opens.
 */
export function RemindersPanel({ documentId, canEdit }: { documentId: string; canEdit: boolean }) {
  const t = useTranslations("reminders");
  const format = useFormat();
  const { run, busy } = useAction();
  const [reminders, setReminders] = useState<Reminder[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [deleting, setDeleting] = useState<Reminder | null>(null);

  const load = useCallback(
    () =>
      callOperation(remindersOp, { id: documentId })
        .then((list) => {
          setReminders(list);
          setFailed(false);
        })
        .catch(() => setFailed(true)),
    [documentId],
  );
  useEffect(() => {
    void load();
  }, [load]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    const data = {
      name: draft.name,
      description: draft.description.trim() || null,
      notifyAt: new Date(draft.notifyAt).toISOString(),
      contacts: draft.contacts.map((c) => ({ name: c.name, email: c.email, ...(c.phone.trim() ? { phone: c.phone } : {}) })),
    };
    const done = await run(
      () =>
        draft.id
          ? callOperation(updateReminderOp, { reminderId: draft.id, ...data })
          : callOperation(createReminderOp, { id: documentId, ...data }),
      "saved",
      draft.id ? "updateError" : "createError",
    );
    if (done) {
      setDraft(null);
      await load();
    }
  }

  const setContact = (index: number, field: keyof Contact, value: string) =>
    setDraft((d) => d && { ...d, contacts: d.contacts.map((c, i) => (i === index ? { ...c, [field]: value } : c)) });

  return (
    <div className="flex flex-col gap-4" data-testid="reminders-panel">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{t("title")}</h2>
        {canEdit && !draft && <Button onClick={() => setDraft(draftOf(null))}>{t("add")}</Button>}
      </div>
      {failed && (
        <p role="alert" className="text-sm text-red-700">
          {t("error")}
        </p>
      )}

      {draft && (
        <form onSubmit={save} className="flex flex-col gap-3 rounded-md border border-zinc-200 bg-white p-4" aria-label={t("add")}>
          <TextField
            label={t("name")}
            required
            maxLength={REMINDER_LIMITS.name}
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          />
          <TextField
            label={t("description")}
            maxLength={REMINDER_LIMITS.description}
            value={draft.description}
            onChange={(e) => setDraft({ ...draft, description: e.target.value })}
          />
          <TextField
            label={t("notifyAt")}
            type="datetime-local"
            required
            value={draft.notifyAt}
            onChange={(e) => setDraft({ ...draft, notifyAt: e.target.value })}
          />
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium text-zinc-700">{t("contacts")}</legend>
            {draft.contacts.map((contact, index) => (
              <div key={index} className="grid gap-2 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
                <TextField
                  label={t("contactName")}
                  required
                  value={contact.name}
                  onChange={(e) => setContact(index, "name", e.target.value)}
                />
                <TextField
                  label={t("contactEmail")}
                  type="email"
                  required
                  value={contact.email}
                  onChange={(e) => setContact(index, "email", e.target.value)}
                />
                <TextField
                  label={t("contactPhone")}
                  type="tel"
                  maxLength={REMINDER_LIMITS.phone}
                  value={contact.phone}
                  onChange={(e) => setContact(index, "phone", e.target.value)}
                />
                <Button
                  type="button"
                  variant="ghost"
                  disabled={draft.contacts.length === 1}
                  onClick={() => setDraft({ ...draft, contacts: draft.contacts.filter((_, i) => i !== index) })}
                >
                  {t("removeContact")}
                </Button>
              </div>
            ))}
            {draft.contacts.length < REMINDER_LIMITS.contacts && (
              <Button
                type="button"
                variant="secondary"
                className="self-start"
                onClick={() => setDraft({ ...draft, contacts: [...draft.contacts, blankContact()] })}
              >
                {t("addContact")}
              </Button>
            )}
          </fieldset>
          <div className="flex gap-2">
            <Button type="submit" busy={busy}>
              {t("save")}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setDraft(null)}>
              {t("cancel")}
            </Button>
          </div>
        </form>
      )}

      {reminders && reminders.length === 0 && !draft && <p className="text-sm text-zinc-600">{t("empty")}</p>}
      <ul className="flex flex-col gap-2">
        {reminders?.map((r) => (
          <li key={r.id} className="rounded-md border border-zinc-200 bg-white px-4 py-3 text-sm" data-testid="reminder-row">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <p className="font-medium">{r.name}</p>
                <p className="text-xs text-zinc-600">
                  {r.notifiedAt
                    ? t("sentOn", { date: format.dateTime(new Date(r.notifiedAt)) })
                    : t("dueOn", { date: format.dateTime(new Date(r.notifyAt)) })}
                </p>
                {r.description && <p className="mt-1 text-zinc-700">{r.description}</p>}
              </div>
              {canEdit && (
                <div className="flex gap-1">
                  <Button variant="ghost" onClick={() => setDraft(draftOf(r))}>
                    {t("edit")}
                  </Button>
                  <Button variant="ghost" onClick={() => setDeleting(r)}>
                    {t("delete")}
                  </Button>
                </div>
              )}
            </div>
            <ul className="mt-2 flex flex-col gap-0.5 text-xs text-zinc-600">
              {r.contacts.map((c) => (
                <li key={c.email}>
                  {c.name} &lt;{c.email}&gt; — {t(`status.${c.notification.status}`)}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>

      <ConfirmModal
        open={!!deleting}
        title={t("delete")}
        message={deleting ? t("deleteConfirm", { name: deleting.name }) : ""}
        confirmLabel={t("delete")}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          const target = deleting;
          setDeleting(null);
          if (target && (await run(() => callOperation(deleteReminderOp, { reminderId: target.id }), null, "deleteError"))) await load();
        }}
      />
    </div>
  );
}

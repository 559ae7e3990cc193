"use client";

import { useFormatter, useTranslations } from "@/lib/i18n/client";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmModal } from "@/components/ui/confirm-modal";
import { TextField } from "@/components/ui/text-field";
import { useAction } from "@/components/ui/use-action";
import { callOperation, type OperationOutput } from "@/lib/client/operations";
import { PlacementEditor } from "./placement-editor";
import { SendForSignature } from "./send-for-signature";
import { SignerEditForm } from "./signer-edit-form";
import { useDocumentSigningEvents } from "@/components/documents/use-document-signing-events";
import { SealingHealthAlert } from "@/components/sealing/sealing-health";
import {
  addSignerOp,
  createPartyOp,
  deletePartyOp,
  partiesOp,
  remindSignerOp,
  removeSignerOp,
  requestSignatureOp,
  setSignProcessOp,
  signaturesOp,
  signingSettingsOp,
  updateSignerOp,
} from "@/lib/operations/routes/signature";
import { LIMITS } from "@/lib/validation/limits";

type Signer = OperationOutput<"signatures">[number];
type Party = OperationOutput<"parties">[number];
type Settings = OperationOutput<"signingSettings">;
const SETTING_KEYS = ["allowBiometric", "allowCertificate", "allowDownload", "rubricAllPages", "sendReminders", "allowApprovals"] as const;
const select = "min-h-10 rounded-md border border-zinc-300 bg-white px-3 text-sm";

/**
 * The document's Signatures tab (issue 16): parties and signers in order with their state and
 * times, adding, changing and removing them, ordered or parallel, Send for signature, and the
 * placement of each signer's boxes on the pages. Loads its own data over REST (reader); changes
 * need editor.
 */
export function SignaturesPanel({ documentId, canEdit }: { documentId: string; canEdit: boolean }) {
  const t = useTranslations("signing.panel");
  const format = useFormatter();
  const action = useAction();
  const [signers, setSigners] = useState<Signer[] | null>(null);
  const [parties, setParties] = useState<Party[]>([]);
  const [settings, setSettings] = useState<Settings | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [resending, setResending] = useState<Signer | null>(null);

  const load = useCallback(async () => {
    try {
      const [s, p, g] = await Promise.all([
        callOperation(signaturesOp, { documentId }),
        callOperation(partiesOp, { documentId }),
        callOperation(signingSettingsOp, { documentId }),
      ]);
      setSigners(s);
      setParties(p);
      setSettings(g);
    } catch {
      setLoadFailed(true);
    }
  }, [documentId]);
  useEffect(() => {
    // The lists come from the server: fetched once the panel is in the browser.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);
  // Each signer's step (viewed, signed, declined) and the seal, from any app process, shows without a reload.
  useDocumentSigningEvents(documentId, (change) => {
    if (!change || change.kind !== "approval") void load();
  });

  const change = async <T,>(call: () => Promise<T>, success: "added" | "updated" | "saved" | "sent" | null = "saved") => {
    const result = await action.run(call, success, "updateError");
    await load();
    return result;
  };

  async function addSigner(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const partyId = String(data.get("partyId") ?? "");
    // The form is cleared as soon as the signer is added, before the list is read again: what is
    // typed next (the following signer, once this one shows) is not cleared by a late reset.
    await change(async () => {
      const added = await callOperation(addSignerOp, {
        documentId,
        firstName: String(data.get("firstName") ?? ""),
        lastName: String(data.get("lastName") ?? ""),
        email: String(data.get("email") ?? ""),
        order: Number(data.get("order") ?? 1) || 1,
        ...(partyId ? { partyId } : {}),
        settings: { rubricAllPages: data.get("rubricAllPages") === "on", allowCertificate: data.get("allowCertificate") === "on" },
      });
      form.reset();
      return added;
    }, "added");
  }

  async function addParty(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "").trim();
    if (!name) return;
    await change(async () => {
      const party = await callOperation(createPartyOp, { documentId, name });
      form.reset();
      return party;
    }, "added");
  }

  /** Remind now: the same link again (nothing ends). */
  async function remind(signer: Signer) {
    setNotice(null);
    if (await change(() => callOperation(remindSignerOp, { id: signer.id }), null)) setNotice(t("reminded", { email: signer.email }));
  }

  /** Send again, once confirmed: a new request, whose new link ends the previous one. */
  async function resend(signer: Signer) {
    setResending(null);
    setNotice(null);
    if (await change(() => callOperation(requestSignatureOp, { id: signer.id }), null)) setNotice(t("resent", { email: signer.email }));
  }

  if (loadFailed) return <Alert tone="error">{t("loadFailed")}</Alert>;
  if (!signers || !settings) return <p className="text-sm text-zinc-500">…</p>;
  const stateText = (s: Signer) => {
    const date = (value: string | null) => (value ? format.dateTime(new Date(value), { dateStyle: "medium", timeStyle: "short" }) : "");
    if (s.state === "signed") return t("state.signed", { date: date(s.signedAt) });
    if (s.state === "declined") return t("state.declined", { date: date(s.declinedAt) });
    if (s.state === "requested") return t("state.requested", { date: date(s.requestedAt) });
    return t("state.created");
  };
  const when = (value: Date | string | null | undefined) =>
    value ? format.dateTime(new Date(value), { dateStyle: "medium", timeStyle: "short" }) : "";
  const emailText = (email: NonNullable<Signer["emails"]>[number]) => {
    const at = { opened: email.openedAt, failed: email.failedAt, delivered: email.deliveredAt, sent: email.sentAt }[email.status];
    return `${t(`emailKind.${email.kind}`)}: ${t(`emailStatus.${email.status}`, { date: when(at ?? email.sentAt) })}`;
  };
  const partyName = (id: string | null) => parties.find((p) => p.id === id)?.name ?? null;

  return (
    <div className="flex flex-col gap-6">
      <SealingHealthAlert />
      {action.error && <Alert tone="error">{action.error}</Alert>}
      {notice && <Alert tone="success">{notice}</Alert>}
      <fieldset className="flex flex-wrap items-center gap-4" disabled={!canEdit || action.busy}>
        <legend className="mb-1 text-sm font-semibold text-zinc-900">{t("process")}</legend>
        {(["ordered", "parallel"] as const).map((process) => (
          <label key={process} className="flex min-h-10 items-center gap-2 text-sm">
            <input
              type="radio"
              name="signProcess"
              checked={settings.signProcess === process}
              onChange={() => change(() => callOperation(setSignProcessOp, { documentId, signProcess: process }))}
            />
            {t(process)}
          </label>
        ))}
      </fieldset>

      <section aria-labelledby="signers-title" className="flex flex-col gap-3">
        <h3 id="signers-title" className="text-sm font-semibold text-zinc-900">
          {t("title")}
        </h3>
        {signers.length === 0 && <p className="text-sm text-zinc-600">{t("noSigners")}</p>}
        <ol className="flex flex-col gap-2">
          {signers.map((signer) => (
            <li key={signer.id} data-testid="signer" className="rounded-md border border-zinc-200 p-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-medium text-zinc-900">
                  {signer.order}. {`${signer.firstName} ${signer.lastName}`.trim() || signer.email}{" "}
                  <span className="text-sm font-normal text-zinc-600">{signer.email}</span>
                  {partyName(signer.partyId) && <span className="ml-2 text-xs text-zinc-500">{partyName(signer.partyId)}</span>}
                </span>
                <span data-testid="signer-state" data-state={signer.state} className="text-sm text-zinc-700">
                  {stateText(signer)}
                </span>
              </div>
              {signer.declineReason && <p className="mt-1 text-sm text-red-700">{t("declineReason", { reason: signer.declineReason })}</p>}
              {signer.requestedAt && (
                <ul data-testid="signer-delivery" className="mt-1 flex flex-col gap-0.5 text-xs text-zinc-600">
                  {(signer.emails ?? []).map((email) => (
                    <li key={email.kind} data-testid="signer-email" data-kind={email.kind} data-status={email.status}>
                      {emailText(email)}
                    </li>
                  ))}
                  {(signer.reminders ?? 0) > 0 && (
                    <li data-testid="signer-reminders">{t("reminders", { count: signer.reminders ?? 0 })}</li>
                  )}
                  <li data-testid="signer-viewed" data-viewed={signer.viewedAt ? "yes" : "no"}>
                    {signer.viewedAt ? t("viewed", { date: when(signer.viewedAt) }) : t("notViewed")}
                  </li>
                </ul>
              )}
              {editing === signer.id && (
                <SignerEditForm
                  signer={signer}
                  busy={action.busy}
                  onCancel={() => setEditing(null)}
                  onSave={async (changes) => {
                    if (await change(() => callOperation(updateSignerOp, { id: signer.id, ...changes }))) setEditing(null);
                  }}
                />
              )}
              {canEdit && signer.state !== "signed" && (
                <div className="mt-2 flex flex-wrap items-center gap-3">
                  {SETTING_KEYS.map((key) => (
                    <label key={key} className="flex min-h-10 items-center gap-2 text-xs text-zinc-700">
                      <input
                        type="checkbox"
                        checked={signer.settings[key]}
                        disabled={action.busy}
                        onChange={(e) =>
                          change(() => callOperation(updateSignerOp, { id: signer.id, settings: { [key]: e.target.checked } }))
                        }
                      />
                      {t(key)}
                    </label>
                  ))}
                  <label className="flex items-center gap-2 text-xs text-zinc-700">
                    {t("order")}
                    <input
                      type="number"
                      min={1}
                      max={100}
                      defaultValue={signer.order}
                      className="min-h-10 w-16 rounded-md border border-zinc-300 px-2"
                      onBlur={(e) => {
                        const order = Number(e.target.value);
                        if (order >= 1 && order !== signer.order)
                          void change(() => callOperation(updateSignerOp, { id: signer.id, order }));
                      }}
                    />
                  </label>
                  {signer.state === "requested" && (
                    <>
                      <Button variant="secondary" disabled={action.busy} onClick={() => remind(signer)}>
                        {t("remindNow")}
                      </Button>
                      <Button variant="secondary" disabled={action.busy} onClick={() => setResending(signer)}>
                        {t("resend")}
                      </Button>
                    </>
                  )}
                  <Button variant="secondary" disabled={action.busy} onClick={() => setEditing(editing === signer.id ? null : signer.id)}>
                    {t("edit")}
                  </Button>
                  <Button
                    variant="secondary"
                    disabled={action.busy}
                    onClick={() => change(() => callOperation(removeSignerOp, { id: signer.id }))}
                  >
                    {t("remove")}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ol>
        {canEdit && signers.some((s) => s.state === "created" || s.state === "requested") && (
          <SendForSignature
            documentId={documentId}
            busy={action.busy}
            run={(call) => change(call, null)}
            onSent={(sent) => setNotice(t("sent", { count: sent.length }))}
            onPlace={() => document.getElementById("placement-title")?.scrollIntoView({ behavior: "smooth", block: "start" })}
          />
        )}
      </section>

      {canEdit && (
        <form onSubmit={addSigner} className="grid gap-3 rounded-md border border-zinc-200 p-3 sm:grid-cols-2" aria-label={t("addSigner")}>
          <TextField label={t("firstName")} name="firstName" maxLength={LIMITS.personName} />
          <TextField label={t("lastName")} name="lastName" maxLength={LIMITS.personName} />
          <TextField label={t("email")} name="email" type="email" required maxLength={LIMITS.email} />
          <TextField label={t("order")} name="order" type="number" min={1} max={100} defaultValue={signers.length + 1} />
          <label className="flex flex-col gap-1 text-sm font-medium text-zinc-800">
            {t("party")}
            <select name="partyId" className={select} defaultValue="">
              <option value="">{t("noParty")}</option>
              {parties.map((party) => (
                <option key={party.id} value={party.id}>
                  {party.name}
                </option>
              ))}
            </select>
          </label>
          <div className="flex flex-col justify-end gap-1">
            <label className="flex min-h-10 items-center gap-2 text-sm">
              <input type="checkbox" name="rubricAllPages" /> {t("rubricAllPages")}
            </label>
            <label className="flex min-h-10 items-center gap-2 text-sm">
              <input type="checkbox" name="allowCertificate" /> {t("allowCertificate")}
            </label>
          </div>
          <Button type="submit" busy={action.busy} className="sm:col-span-2 sm:justify-self-start">
            {t("addSigner")}
          </Button>
        </form>
      )}

      <section aria-labelledby="parties-title" className="flex flex-col gap-2">
        <h3 id="parties-title" className="text-sm font-semibold text-zinc-900">
          {t("parties")}
        </h3>
        <ul className="flex flex-wrap gap-2">
          {parties.map((party) => (
            <li key={party.id} className="flex items-center gap-2 rounded-full bg-zinc-100 px-3 py-1 text-sm">
              {party.name}
              {canEdit && (
                <button
                  type="button"
                  className="min-h-8 text-xs text-zinc-600 underline"
                  onClick={() => change(() => callOperation(deletePartyOp, { id: party.id }))}
                >
                  {t("remove")}
                </button>
              )}
            </li>
          ))}
        </ul>
        {canEdit && (
          <form onSubmit={addParty} className="flex flex-wrap items-end gap-2">
            <TextField label={t("partyName")} name="name" required maxLength={LIMITS.personName} />
            <Button type="submit" variant="secondary" busy={action.busy}>
              {t("addParty")}
            </Button>
          </form>
        )}
      </section>

      <PlacementEditor documentId={documentId} signers={signers} canEdit={canEdit} />
      <ConfirmModal
        open={resending !== null}
        title={t("resendTitle")}
        message={resending ? t("resendMessage", { email: resending.email }) : ""}
        confirmLabel={t("resendConfirm")}
        onCancel={() => setResending(null)}
        onConfirm={() => resending && void resend(resending)}
      />
    </div>
  );
}

"use client";

import { useState } from "react";
import { useTranslations } from "@/lib/i18n/client";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { TextField } from "@/components/ui/text-field";
import { ApiError } from "@/lib/client/api";
import { callOperation, type OperationOutput } from "@/lib/client/operations";
import { requestSignaturesOp } from "@/lib/operations/routes/signature";
import { LIMITS } from "@/lib/validation/limits";

type Sent = OperationOutput<"requestSignatures">;
type Unplaced = { id: string; name: string }[];

/**
 * Send for signature (issue 39), with the sender's own subject and words for the signers' emails
 * when they write them. When some signers have no signature field on the pages, the
 * server refuses (CONFLICT noSignatureFields, naming them) and this asks the owner what to do:
 * place their fields (back to the placement below), or send with the signatures on the
 * certificate page only, chosen explicitly. Other refusals reach `run`'s error alert.
 */
export function SendForSignature({
  documentId,
  busy,
  run,
  onSent,
  onPlace,
}: {
  documentId: string;
  busy: boolean;
  /** The panel's mutation wrapper (alerts, reload): undefined when the call failed. */
  run: (call: () => Promise<Sent>) => Promise<Sent | undefined>;
  onSent: (sent: Sent) => void;
  /** Brings the placement editor into view. */
  onPlace: () => void;
}) {
  const t = useTranslations("signing.panel");
  const [unplaced, setUnplaced] = useState<Unplaced | null>(null);
  const [email, setEmail] = useState({ subject: "", message: "" });

  async function send(signaturesOnCertificate?: true) {
    setUnplaced(null);
    // The sender's own subject and words, when they wrote any (kept with the document for the next signers).
    const words = {
      ...(email.subject.trim() ? { subject: email.subject } : {}),
      ...(email.message.trim() ? { message: email.message } : {}),
    };
    const sent = await run(async () => {
      try {
        return await callOperation(requestSignaturesOp, {
          documentId,
          ...words,
          ...(signaturesOnCertificate ? { signaturesOnCertificate } : {}),
        });
      } catch (error) {
        // Asked here rather than shown as an error: the owner chooses.
        if (error instanceof ApiError && error.details?.reason === "noSignatureFields") {
          setUnplaced((error.details.signers as Unplaced | undefined) ?? []);
          return null as unknown as Sent;
        }
        throw error;
      }
    });
    if (sent) onSent(sent);
  }

  return (
    <>
      <details className="flex flex-col gap-2 text-sm">
        <summary className="min-h-10 cursor-pointer py-2 font-medium text-zinc-700">{t("senderWords.summary")}</summary>
        <div className="flex max-w-xl flex-col gap-3 pt-1">
          <TextField
            label={t("senderWords.subject")}
            maxLength={LIMITS.title}
            value={email.subject}
            hint={t("senderWords.subjectHint")}
            onChange={(e) => setEmail({ ...email, subject: e.target.value })}
          />
          <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700">
            {t("senderWords.message")}
            <textarea
              className="min-h-20 rounded-md border border-zinc-300 px-3 py-2 text-sm font-normal"
              maxLength={LIMITS.comment}
              value={email.message}
              onChange={(e) => setEmail({ ...email, message: e.target.value })}
            />
          </label>
        </div>
      </details>
      <Button onClick={() => void send()} busy={busy} className="self-start">
        {t("send")}
      </Button>
      <Modal
        open={unplaced !== null}
        size="md"
        title={t("unplaced.title")}
        onClose={() => setUnplaced(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => void send(true)}>
              {t("unplaced.certificateOnly")}
            </Button>
            <Button
              onClick={() => {
                setUnplaced(null);
                onPlace();
              }}
            >
              {t("unplaced.place")}
            </Button>
          </>
        }
      >
        <p>{t("unplaced.body", { names: (unplaced ?? []).map((s) => s.name).join(", ") })}</p>
        <p className="mt-2 text-sm text-zinc-600">{t("unplaced.certificateOnlyHint")}</p>
      </Modal>
    </>
  );
}

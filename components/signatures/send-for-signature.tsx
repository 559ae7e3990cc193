"use client";

import { useState } from "react";
import { useTranslations } from "@/lib/i18n/client";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { ApiError } from "@/lib/client/api";
import { callOperation, type OperationOutput } from "@/lib/client/operations";
import { requestSignaturesOp } from "@/lib/operations/routes/signature";

type Sent = OperationOutput<"requestSignatures">;
type Unplaced = { id: string; name: string }[];

/**
 * Send for signature (issue 39): when some signers have no signature field on the pages, the
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

  async function send(signaturesOnCertificate?: true) {
    setUnplaced(null);
    const sent = await run(async () => {
      try {
        return await callOperation(requestSignaturesOp, { documentId, ...(signaturesOnCertificate ? { signaturesOnCertificate } : {}) });
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

"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useRef, useState, type DragEvent } from "react";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/client/api";
import { uploadOperation, type OperationOutput } from "@/lib/client/operations";
import { useFormat } from "@/lib/i18n/use-format";
import { verifySealedPdfOp } from "@/lib/operations/routes/sealing";

type Answer = OperationOutput<"verifySealedPdf">;

const TONES: Record<Answer["result"], string> = {
  sealed: "border-green-300 bg-green-50 text-green-900",
  modified: "border-red-300 bg-red-50 text-red-900",
  notSealed: "border-zinc-300 bg-white text-zinc-900",
};

/**
 * Choose or drop one PDF: it is sent to `verifySealedPdf` and the answer shown in a live region
 * (sealed here, changed after sealing, not sealed here). Large touch targets; the file input is
 * the one control, labelled, reachable by keyboard; dropping is a shortcut for it.
 */
export function VerifyForm() {
  const t = useTranslations("sealing.verify");
  const format = useFormat();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function check(file: File | undefined) {
    if (!file) return;
    setAnswer(null);
    setError(null);
    setFileName(file.name);
    if (file.type && file.type !== "application/pdf" && !file.name.toLowerCase().endsWith(".pdf")) {
      setError(t("pdfOnly"));
      return;
    }
    setBusy(true);
    try {
      setAnswer(await uploadOperation(verifySealedPdfOp, {}, file));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void check(event.dataTransfer.files[0]);
  }

  const signers = (names: string[]) => new Intl.ListFormat(format.locale, { type: "conjunction" }).format(names);

  return (
    <div className="mt-6 flex flex-col gap-4">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="verify-drop"
        className={`flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-6 text-center sm:p-10 ${
          dragging ? "border-brand-500 bg-brand-50" : "border-zinc-300 bg-white"
        }`}
      >
        <label className="inline-flex min-h-12 cursor-pointer items-center justify-center rounded-md bg-brand-600 px-6 py-3 text-base font-medium text-white focus-within:ring-2 focus-within:ring-brand-500 focus-within:ring-offset-2 hover:bg-brand-700">
          {t("choose")}
          <input
            ref={input}
            type="file"
            accept="application/pdf,.pdf"
            aria-label={t("fileLabel")}
            className="sr-only"
            disabled={busy}
            onChange={(event) => void check(event.target.files?.[0])}
          />
        </label>
        <span className="text-sm text-zinc-600">{t("drop")}</span>
        <span className="text-xs text-zinc-500">{t("privacy")}</span>
      </div>

      <div role="status" aria-live="polite" data-testid="verify-result">
        {busy && <p className="text-zinc-700">{t("checking")}</p>}
        {error && <p className="rounded-md border border-red-300 bg-red-50 p-4 text-red-900">{error}</p>}
        {answer && (
          <div className={`rounded-md border p-4 ${TONES[answer.result]}`} data-result={answer.result}>
            <p className="text-lg font-semibold">{t(`${answer.result}Title`)}</p>
            {fileName && <p className="mt-1 break-all text-sm opacity-80">{fileName}</p>}
            <p className="mt-2">
              {answer.result === "sealed"
                ? t("sealed", {
                    workspace: answer.workspace ?? "",
                    date: answer.sealedAt ? format.dateTime(answer.sealedAt) : "",
                    signers: signers(answer.signers),
                  })
                : t(answer.result)}
            </p>
            <Button variant="secondary" className="mt-4 min-h-12 w-full sm:w-auto" onClick={() => input.current?.click()}>
              {t("another")}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}

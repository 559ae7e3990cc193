"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useErrorText } from "@/components/auth/use-error-text";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { TextField } from "@/components/ui/text-field";
import { TEMPLATE_UPLOADED_EVENT, type TemplateUploadedDetail } from "@/components/tour/welcome-tour-state";
import { uploadOperation } from "@/lib/client/operations";
import { createTemplateOp } from "@/lib/operations/routes/template";
import { TEMPLATE_ACCEPT } from "@/lib/templates/template-accept";
import { LIMITS } from "@/lib/validation/limits";

/**
 * The 'Add template' button and its upload dialog. On success the new template opens, with its
 * detected fields ready to set up; a refused file keeps the dialog open with the reason.
 */
export function UploadTemplate({ folderId }: { folderId: string | null }) {
  const t = useTranslations("templates");
  const errorText = useErrorText();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const template = await uploadOperation(
        createTemplateOp,
        { ...(name.trim() ? { name: name.trim() } : {}), ...(folderId ? { folderId } : {}) },
        file,
      );
      // A running welcome tour hands itself over to the template page (components/tour/).
      window.dispatchEvent(new CustomEvent<TemplateUploadedDetail>(TEMPLATE_UPLOADED_EVENT, { detail: { id: template.id } }));
      router.push(`/t/${template.id}/view`);
    } catch (failure) {
      setError(errorText(failure));
      setBusy(false);
    }
  }

  return (
    <>
      <Button data-tour="template-add" onClick={() => (setOpen(true), setError(null), setFile(null), setName(""))}>
        {t("add")}
      </Button>
      <Modal open={open} title={t("uploadTitle")} size="lg" onClose={() => setOpen(false)}>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <p className="text-sm text-zinc-600">{t("uploadHelp")}</p>
          <label data-tour="upload-file" className="flex flex-col gap-1 text-sm font-medium text-zinc-700">
            {t("file")}
            <input
              type="file"
              required
              accept={TEMPLATE_ACCEPT}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              className="rounded-md border border-dashed border-zinc-300 bg-zinc-50 p-4 text-sm"
            />
          </label>
          <TextField
            data-tour="upload-name"
            label={t("name")}
            hint={t("nameHint")}
            maxLength={LIMITS.title}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          {error && (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" data-tour="upload-submit" busy={busy} disabled={!file}>
              {t("upload")}
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}

"use client";

/** The template screen's header with its file actions and publishing. */

import { useTranslations } from "@/lib/i18n/client";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import type { useAction } from "@/components/ui/use-action";
import { callOperation, operationHref, uploadOperation } from "@/lib/client/operations";
import type { Variable } from "@/lib/templates/variables";
import { TEMPLATE_ACCEPT } from "@/lib/templates/template-accept";
import { getTemplateFileOp, publishUnpublishTemplateOp, updateTemplateVersionOp } from "@/lib/operations/routes/template";

const FORMAT_EXAMPLES: Record<string, string> = {
  bracket: "[field]",
  brace: "{field}",
  doubleBrace: "{{field}}",
  dollar: "${field}",
  pdfForm: "PDF",
};

/**
 * The template screen's header: name, file, version and field format, the published state, and
 * Download, New version (whose fields replace the editor's through `onVariables`) and Publish.
 */
export function TemplateHeader({
  template,
  canManage,
  action,
  onVariables,
}: {
  template: { id: string; name: string; published: boolean; delimiter: string; fileName: string; version: number };
  canManage: boolean;
  /** The screen's one action state, so that every button is busy while any call runs. */
  action: ReturnType<typeof useAction>;
  onVariables: (variables: Variable[]) => void;
}) {
  const t = useTranslations("templates");
  const router = useRouter();
  const { run, busy } = action;

  async function newVersion(file: File | undefined) {
    if (!file) return;
    const updated = await run(() => uploadOperation(updateTemplateVersionOp, { id: template.id }, file), "updated", "updateError");
    if (updated) onVariables(updated.variables);
  }

  return (
    <header className="flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="text-2xl font-semibold">{template.name}</h1>
        <p className="text-sm text-zinc-600">
          {t("fileInfo", {
            file: template.fileName,
            version: template.version,
            format: FORMAT_EXAMPLES[template.delimiter] ?? template.delimiter,
          })}
        </p>
        <span
          className={`mt-2 inline-block rounded-full px-2 py-0.5 text-xs ${template.published ? "bg-emerald-50 text-emerald-800" : "bg-zinc-100 text-zinc-700"}`}
          data-testid="template-state"
        >
          {template.published ? t("published") : t("draft")}
        </span>
      </div>
      <div className="flex flex-wrap gap-2">
        <a
          className="inline-flex min-h-10 items-center rounded-md border border-zinc-300 bg-white px-4 text-sm font-medium hover:bg-zinc-50"
          href={operationHref(getTemplateFileOp, { id: template.id })}
        >
          {t("download")}
        </a>
        {canManage && (
          <>
            <label className="inline-flex min-h-10 cursor-pointer items-center rounded-md border border-zinc-300 bg-white px-4 text-sm font-medium hover:bg-zinc-50 focus-within:ring-2 focus-within:ring-brand-500">
              {t("newVersion")}
              <input type="file" accept={TEMPLATE_ACCEPT} className="sr-only" onChange={(e) => newVersion(e.target.files?.[0])} />
            </label>
            <Button
              data-tour="template-publish"
              busy={busy}
              variant={template.published ? "secondary" : "primary"}
              onClick={() =>
                run(
                  () => callOperation(publishUnpublishTemplateOp, { id: template.id, published: !template.published }),
                  "published",
                  "publishError",
                ).then(() => router.refresh())
              }
            >
              {template.published ? t("unpublish") : t("publish")}
            </Button>
          </>
        )}
      </div>
    </header>
  );
}

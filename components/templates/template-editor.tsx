"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useState, type FormEvent } from "react";
import { WelcomeTourTemplate } from "@/components/tour/welcome-tour-template";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/ui/use-action";
import { callOperation } from "@/lib/client/operations";
import type { FolderOption } from "@/lib/folders/folder-types";
import type { Variable } from "@/lib/templates/variables";
import { TemplateDetailsForm } from "./template-details-form";
import { TemplateHeader } from "./template-header";
import { VariableRow } from "./variable-row";
import { updateTemplateOp } from "@/lib/operations/routes/template";

type TemplateData = {
  id: string;
  name: string;
  description: string | null;
  published: boolean;
  language: string | null;
  jurisdiction: string | null;
  value: number | null;
  currency: string | null;
  categoryId: string | null;
  folderId: string | null;
  tagIds: string[];
  format: string;
  delimiter: string;
  fileName: string;
  version: number;
  variables: Variable[];
};

/**
 * A template's screen: details (name with fields allowed, language, jurisdiction, value,
 * category, tags, folder), the detected fields with their types and options, publishing, and
 * a new version of the file.
 */
export function TemplateEditor({
  template,
  canManage,
  categories,
  tags,
  folders,
}: {
  template: TemplateData;
  canManage: boolean;
  categories: { id: string; name: string }[];
  tags: { id: string; name: string; color: string }[];
  folders: FolderOption[];
}) {
  const t = useTranslations("templates");
  const action = useAction();
  const { run, busy } = action;
  const [variables, setVariables] = useState(template.variables);
  const numericNames = variables.filter((v) => ["number", "currency", "percentage", "formula"].includes(v.type)).map((v) => v.name);

  async function saveVariables(event: FormEvent) {
    event.preventDefault();
    await run(() => callOperation(updateTemplateOp, { id: template.id, variables }), "saved", "updateError");
  }

  return (
    <>
      <TemplateHeader template={template} canManage={canManage} action={action} onVariables={setVariables} />

      <section aria-labelledby="fields-title" className="flex flex-col gap-3" data-tour="template-fields">
        <h2 id="fields-title" className="text-lg font-semibold">
          {t("fieldsTitle", { count: variables.length })}
        </h2>
        {variables.length === 0 ? (
          <p className="text-sm text-zinc-600">{t("noFields")}</p>
        ) : (
          <form onSubmit={saveVariables} className="flex flex-col gap-3">
            {variables.map((variable, i) => (
              <VariableRow
                key={variable.name}
                variable={variable}
                disabled={!canManage}
                numericNames={numericNames.filter((n) => n !== variable.name)}
                templateCurrency={template.currency}
                onChange={(next) => setVariables(variables.map((v, j) => (j === i ? next : v)))}
              />
            ))}
            {canManage && (
              <div>
                <Button type="submit" busy={busy}>
                  {t("saveFields")}
                </Button>
              </div>
            )}
          </form>
        )}
      </section>

      <TemplateDetailsForm
        template={template}
        canManage={canManage}
        action={action}
        categories={categories}
        tags={tags}
        folders={folders}
      />
      {canManage && <WelcomeTourTemplate templateId={template.id} />}
    </>
  );
}

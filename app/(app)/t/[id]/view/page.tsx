import { notFound } from "next/navigation";
import { AppShell } from "@/components/layout/app-shell";
import { NotAllowed } from "@/components/layout/not-allowed";
import { getShellProps } from "@/components/layout/shell-props";
import { CreateDocumentForm } from "@/components/templates/create-document-form";
import { uploadMaxBytes } from "@/lib/files/upload-limits";
import { TemplateEditor } from "@/components/templates/template-editor";
import { can } from "@/lib/auth/permissions";
import { requirePageAccount } from "@/lib/auth/require-page-account";
import { findCategories } from "@/lib/categories/find-categories";
import { dataStoreDefaults, getDataStore } from "@/lib/datastore/data-store";
import { isAppError } from "@/lib/errors/app-error";
import { flattenTree, folderTree } from "@/lib/folders/folders";
import { findTags } from "@/lib/tags/tags";
import { getTemplate } from "@/lib/templates/templates";
import type { Variable } from "@/lib/templates/variables";

export const dynamic = "force-dynamic";

/** A template: its details and fields to set up, publishing, and the form that makes a document from it. */
export default async function TemplateViewPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const ctx = await requirePageAccount(`/t/${id}/view`);
  const { shell } = await getShellProps(ctx);
  if (!can(ctx, ["ViewTemplates", "ManageTemplates"])) {
    return (
      <AppShell {...shell}>
        <NotAllowed />
      </AppShell>
    );
  }
  const template = await getTemplate(ctx, id).catch((error) => {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  });
  const canManage = can(ctx, "ManageTemplates");
  const [categories, tags, tree, dataStore] = await Promise.all([
    findCategories(ctx, { group: "template" }),
    findTags(ctx),
    folderTree(ctx, "template"),
    getDataStore(ctx),
  ]);
  const variables = template.variables as Variable[];
  return (
    <AppShell {...shell}>
      <div className="flex max-w-5xl flex-col gap-8">
        <TemplateEditor
          canManage={canManage}
          categories={categories.map((c) => ({ id: c.id, name: c.name }))}
          tags={tags.map((tag) => ({ id: tag.id, name: tag.name, color: tag.color }))}
          folders={flattenTree(tree)}
          template={{
            id: template.id,
            name: template.name,
            description: template.description,
            published: template.published,
            language: template.language,
            jurisdiction: template.jurisdiction,
            value: template.value === null ? null : Number(template.value),
            currency: template.currency,
            categoryId: template.categoryId,
            folderId: template.folderId,
            tagIds: template.tags.map((tag) => tag.id),
            format: template.format,
            delimiter: template.delimiter,
            fileName: template.fileName,
            version: template.version,
            variables,
          }}
        />
        {template.published && can(ctx, "ManageDocuments") && (
          <CreateDocumentForm
            templateId={template.id}
            templateName={template.name}
            variables={variables}
            currency={template.currency}
            globals={dataStoreDefaults(variables, dataStore)}
            maxUploadBytes={uploadMaxBytes()}
          />
        )}
      </div>
    </AppShell>
  );
}

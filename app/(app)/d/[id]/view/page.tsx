import { operationHref } from "@/lib/client/operations";
import { pdfRenditionsAvailable } from "@/lib/documents/pdf-rendition";
import { notFound } from "next/navigation";
import { after } from "next/server";
import { AppShell } from "@/components/layout/app-shell";
import { NotAllowed } from "@/components/layout/not-allowed";
import { getShellProps } from "@/components/layout/shell-props";
import { DocumentView } from "@/components/documents/document-view";
import {
  ApprovalsPanel,
  AttachmentsPanel,
  CommentsPanel,
  SignaturesPanel,
  DocumentAccessPanel,
  RelationsPanel,
  RequestAccess,
  ShareLinksPanel,
} from "@/components/documents/document-panels";
import { uploadMaxBytes } from "@/lib/files/upload-limits";
import { dataStoreDefaults } from "@/lib/datastore/data-store";
import { can } from "@/lib/auth/permissions";
import { requirePageAccount } from "@/lib/auth/require-page-account";
import { touchDocumentAccess } from "@/lib/documents/policies";
import { loadDocumentView } from "@/lib/documents/load-document-view";
import { STATUS_TRANSITIONS } from "@/lib/documents/status";
import { renditionVersionSchema } from "@/lib/documents/get-document-rendition";
import { readSealingState } from "@/lib/sealing/sealing-state";
import type { Variable } from "@/lib/templates/variables";
import { fieldDisplay } from "@/lib/templates/field-display";
import { getAttachmentFileOp } from "@/lib/operations/routes/attachment";

export const dynamic = "force-dynamic";

/**
 * A document: its pages in the browser, status and health, details, fields, versions, sharing and
 * activity. `?version=N` shows an older version's pages (with a notice and a way back to the
 * latest); a version the document does not have is a 404.
 */
export default async function DocumentViewPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const ctx = await requirePageAccount(`/d/${id}/view`);
  const { shell } = await getShellProps(ctx);
  if (!can(ctx, ["ViewDocuments", "ManageDocuments"])) {
    return (
      <AppShell {...shell}>
        <NotAllowed />
      </AppShell>
    );
  }
  const version = renditionVersionSchema.safeParse(typeof query.version === "string" ? query.version : undefined);
  const view = await loadDocumentView(ctx, id, version.success ? version.data : undefined);
  // Not visible to the caller: they may ask its owners for access (a wrong id then says so).
  if (!view.document) {
    if (id.length > 64) notFound();
    return (
      <AppShell {...shell}>
        <div className="max-w-xl">
          <RequestAccess documentId={id} />
        </div>
      </AppShell>
    );
  }
  const { document, versions, rendition, activity, categories, tags, account, policies, members, attachments, template, dataStore } = view;
  if (!version.success || !rendition) notFound();
  // "Last active" is recorded after the answer is sent: no write on the way to the screen.
  after(() => touchDocumentAccess(ctx, id));
  const isPdf = rendition.mimetype === "application/pdf";
  const variables = document.variables as { values?: Record<string, unknown>; definitions?: Variable[] };
  const fieldLabel = (name: string) => {
    const definition = variables.definitions?.find((d) => d.name === name);
    return definition?.options.variableName || definition?.label || name;
  };
  const attachmentHref = (attachmentId: string) => operationHref(getAttachmentFileOp, { id: document.id, attachmentId });
  return (
    <AppShell {...shell}>
      {/* Keyed by the version chosen: switching versions starts again on the Document tab, while a
          new version uploaded from the Versions tab (the latest still shown) keeps the tab open. */}
      <DocumentView
        key={rendition.isLatest ? "latest" : `v${rendition.version}`}
        initialTab={typeof query.tab === "string" ? query.tab : undefined}
        document={{
          id: document.id,
          name: document.name,
          ref: document.ref,
          status: document.status,
          health: document.health,
          description: document.description,
          language: document.language,
          jurisdiction: document.jurisdiction,
          risk: document.risk,
          complexity: document.complexity,
          priority: document.priority,
          value: document.value === null ? null : Number(document.value),
          currency: document.currency,
          startedAt: document.startedAt?.toISOString().slice(0, 10) ?? null,
          endedAt: document.endedAt?.toISOString().slice(0, 10) ?? null,
          renewalAt: document.renewalAt?.toISOString().slice(0, 10) ?? null,
          categoryId: document.categoryId,
          folderId: document.folderId,
          tagIds: document.tags.map((t) => t.id),
          template: document.template,
          author: document.author ? `${document.author.firstName} ${document.author.lastName}`.trim() || document.author.email : null,
          createdAt: document.createdAt.toISOString(),
          locked: document.locked,
          lockedBy: document.locked ? (document.lockedBy?.name ?? null) : null,
          archived: document.archived,
          sealing: readSealingState(document.metadata),
        }}
        role={document.role}
        abilities={document.abilities}
        canCreate={can(ctx, "ManageDocuments")}
        refEditable={(account.settings as { refModification?: boolean }).refModification !== false}
        nextStatuses={[...STATUS_TRANSITIONS[document.status]]}
        html={rendition.html}
        isPdf={isPdf}
        viewing={{ version: rendition.version, latestVersion: rendition.latestVersion, isLatest: rendition.isLatest }}
        pdfRenditions={pdfRenditionsAvailable()}
        versions={versions.map((v) => ({
          version: v.version,
          name: v.name,
          size: v.size,
          mimetype: v.mimetype,
          author: v.author?.name ?? null,
          createdAt: v.createdAt.toISOString(),
        }))}
        editValues={
          template && dataStore
            ? {
                templateId: template.id,
                templateName: template.name,
                variables: template.variables as Variable[],
                currency: template.currency,
                globals: dataStoreDefaults(template.variables as Variable[], dataStore),
                maxUploadBytes: uploadMaxBytes(),
                values: variables.values ?? {},
                files: Object.fromEntries(attachments.filter((a) => a.variable).map((a) => [a.variable!, a.name])),
              }
            : undefined
        }
        values={(variables.definitions ?? []).map((d) => {
          const file = attachments.find((a) => a.variable === d.name);
          return {
            name: d.label || d.name,
            display: fieldDisplay(d, variables.values?.[d.name] ?? null, ctx.locale, template?.currency),
            ...(file ? { href: attachmentHref(file.id) } : {}),
          };
        })}
        activity={activity.map((a) => ({
          id: a.id,
          eventType: a.eventType,
          actor: a.actor,
          link: a.link,
          subject: a.subject,
          via: a.via,
          createdAt: a.createdAt.toISOString(),
          payload: a.payload,
        }))}
        categories={categories.map((c) => ({ id: c.id, name: c.name }))}
        tags={tags.map((t) => ({ id: t.id, name: t.name, color: t.color }))}
        folders={view.folders}
        sharing={document.abilities.share ? <ShareLinksPanel documentId={document.id} canShare={document.abilities.share} /> : undefined}
        attachments={
          <AttachmentsPanel
            documentId={document.id}
            canEdit={document.abilities.edit}
            maxUploadBytes={uploadMaxBytes()}
            attachments={attachments.map((a) => ({
              id: a.id,
              field: a.variable ? fieldLabel(a.variable) : null,
              name: a.name,
              mimetype: a.mimetype,
              size: a.size,
              author: a.author?.name ?? null,
              createdAt: a.createdAt.toISOString(),
            }))}
          />
        }
        access={
          <DocumentAccessPanel
            documentId={document.id}
            canManage={document.abilities.manage}
            canShare={document.abilities.share}
            members={members}
            policies={policies}
          />
        }
        relations={<RelationsPanel documentId={document.id} canEdit={document.abilities.edit} />}
        comments={
          document.abilities.comment ? (
            <CommentsPanel
              documentId={document.id}
              canComment={document.abilities.comment}
              canSuggest={document.abilities.suggest}
              currentUserId={ctx.userId}
              canModerate={document.abilities.manage}
            />
          ) : undefined
        }
        approvals={
          <ApprovalsPanel
            documentId={document.id}
            canManage={document.abilities.edit}
            canComment={document.abilities.comment}
            members={members}
          />
        }
        signatures={<SignaturesPanel documentId={document.id} canEdit={document.abilities.edit} />}
      />
    </AppShell>
  );
}

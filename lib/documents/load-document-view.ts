import type { ServiceContext } from "@/lib/auth/context";
import { can } from "@/lib/auth/permissions";
import { accountScope } from "@/lib/accounts/scope";
import { getDataStore } from "@/lib/datastore/data-store";
import { isAppError } from "@/lib/errors/app-error";
import { canSeeTemplates } from "@/lib/templates/template-access";
import { getTemplate } from "@/lib/templates/templates";
import { documentAbilities, documentRole, rememberDocumentRow } from "./access";
import { documentActivityRows, presentActivity } from "./activity";
import { presentAttachments } from "./attachment-view";
import { getLockHolder, liveLockHolderId } from "./document-lock";
import { documentOptions } from "./document-options";
import { documentViewRow } from "./document-view-row";
import { findUserSummaries } from "./find-user-summaries";
import { renditionOf } from "./get-document-rendition";
import { findShareableMembers, POLICIES_MAX } from "./policies";
import { presentPolicy } from "./policy-rules";
import { documentHealth } from "./status";

/** NOT_FOUND becomes null; any other error goes on. */
const orNull = <T>(promise: Promise<T>): Promise<T | null> =>
  promise.catch((error) => {
    if (isAppError(error) && error.code === "NOT_FOUND") return null;
    throw error;
  });

/**
 * Everything the document screen (/d/{id}/view) shows, in one go: the document and its
 * abilities, the version's pages, versions, activity, the workspace's categories, tags and
 * folders and its settings, who has access, attachments, and the template's fields when the
 * caller may fill them again. `{ document: null }` when the caller may not see the document;
 * `rendition: null` when the version does not exist. Needs ViewDocuments or ManageDocuments
 * (FORBIDDEN otherwise).
 *
 * The same answers as getDocument, getDocumentRendition, findDocumentVersions, documentActivity,
 * findDocumentAttachments, findDocumentPolicies, findShareableMembers and the options' services,
 * in five statements for an administrator (tests/integration/documents/statement-counts.test.ts):
 * the document with its versions, attachments and policies (documentViewRow); its activity; the
 * options; the people these name (one lookup); and for those who may share, the members to share
 * with, each a prepared statement through the driver. The
 * caller's role needs no query when their policy is among those read (a Member without one, in
 * a workspace where Members see every document, reads its setting once). Writes nothing.
 */
export async function loadDocumentView(ctx: ServiceContext, id: string, version: number | undefined) {
  const { accountId } = accountScope(ctx);
  // Read side by side; the activity is dropped unread when the caller may not see the document.
  const [row, events, options] = await Promise.all([
    documentViewRow(accountId, id),
    documentActivityRows(accountId, id),
    documentOptions(ctx),
  ]);
  if (!row) return { document: null } as const;
  // The caller's own policy is among those read unless the list was cut: then documentRole asks.
  const own = row.policies.filter((p) => p.userId === ctx.userId);
  const role = await documentRole(ctx, own.length || row.policies.length < POLICIES_MAX ? { id, policies: own } : { id });
  if (!role) return { document: null } as const;

  const {
    tags,
    category,
    folder,
    template: templateRef,
    author,
    contents,
    attachments: attachmentRows,
    policies: policyRows,
    ...plain
  } = row;
  rememberDocumentRow(ctx, plain);
  const abilities = documentAbilities(role);
  // Everyone the screen names, in one lookup: version and attachment authors, the lock holder, the actors.
  const holderId = liveLockHolderId(row);
  await findUserSummaries(ctx, [
    ...contents.map((v) => v.authorId),
    ...attachmentRows.map((a) => a.authorId),
    holderId,
    ...events.map((e) => e.userId),
  ]);
  const versions = contents.map((v) => ({
    id: v.id,
    version: v.version,
    name: v.name,
    mimetype: v.mimetype,
    size: v.size,
    createdAt: v.createdAt,
    authorId: v.authorId,
    readOnly: v.readOnly,
    delimiters: v.delimiters,
  }));

  // Editors of a document made from a template may fill its fields again (a new version), with
  // the template's current fields; not when the template is gone or they may not see templates.
  const canEditValues = abilities.edit && !!row.templateId && can(ctx, "ManageDocuments") && canSeeTemplates(ctx);
  const [lockedBy, authors, activity, attachments, rendition, members, template, dataStore] = await Promise.all([
    getLockHolder(ctx, row),
    findUserSummaries(
      ctx,
      versions.map((v) => v.authorId),
    ),
    presentActivity(ctx, events),
    presentAttachments(ctx, attachmentRows),
    orNull(renditionOf(contents[0], version ? contents.find((v) => v.version === version) : contents[0])),
    abilities.share ? findShareableMembers(ctx, id) : Promise.resolve([]),
    canEditValues ? getTemplate(ctx, row.templateId!).catch(() => null) : null,
    canEditValues ? getDataStore(ctx) : null,
  ]);
  const document = {
    ...plain,
    tags,
    category,
    folder,
    template: templateRef,
    author,
    contents: versions.slice(0, 1),
    role,
    abilities,
    health: documentHealth(row),
    locked: !!holderId && holderId !== ctx.userId,
    lockedById: holderId,
    lockedBy,
  };
  return {
    document,
    versions: versions.map((v) => ({ ...v, author: (v.authorId && authors.get(v.authorId)) || null })),
    rendition,
    activity,
    categories: options.categories,
    tags: options.tags,
    folders: options.folders,
    account: { settings: options.settings },
    policies: policyRows.filter((p) => role === "owner" || p.status === "active").map(presentPolicy),
    members,
    attachments,
    template,
    dataStore,
  };
}

import type { ServiceContext } from "@/lib/auth/context";
import { can } from "@/lib/auth/permissions";
import { getAccount } from "@/lib/accounts/get-account";
import { findCategories } from "@/lib/categories/find-categories";
import { getDataStore } from "@/lib/datastore/data-store";
import { isAppError } from "@/lib/errors/app-error";
import { folderTree } from "@/lib/folders/folders";
import { findTags } from "@/lib/tags/tags";
import { getTemplate } from "@/lib/templates/templates";
import { documentActivity } from "./activity";
import { findDocumentAttachments } from "./attachments";
import { getDocumentRendition } from "./get-document-rendition";
import { findDocumentPolicies, findShareableMembers } from "./policies";
import { findDocumentVersions, getDocument } from "./update-document";

/** NOT_FOUND becomes null; any other error goes on. */
const orNull = <T>(promise: Promise<T>): Promise<T | null> =>
  promise.catch((error) => {
    if (isAppError(error) && error.code === "NOT_FOUND") return null;
    throw error;
  });

/**
 * Everything the document screen (/d/{id}/view) shows, in one go: the document and its
 * abilities, the version's pages, versions, activity, the workspace's categories, tags and
 * folders, who has access, attachments, and the template's fields when the caller may fill them
 * again. `{ document: null }` when the caller may not see the document; `rendition: null` when
 * the version does not exist. Run in one request context, the document's role and row are read
 * once (lib/auth/request-memo.ts); tests/integration/documents/statement-counts.test.ts counts
 * its statements.
 */
export async function loadDocumentView(ctx: ServiceContext, id: string, version: number | undefined) {
  const document = await orNull(getDocument(ctx, id));
  if (!document) return { document: null } as const;
  const [versions, rendition, activity, categories, tags, tree, account, policies, members, attachments] = await Promise.all([
    findDocumentVersions(ctx, id),
    orNull(getDocumentRendition(ctx, id, version)),
    documentActivity(ctx, id),
    findCategories(ctx, { group: "document" }),
    findTags(ctx),
    folderTree(ctx, "document"),
    getAccount(ctx),
    findDocumentPolicies(ctx, id),
    document.abilities.share ? findShareableMembers(ctx, id) : Promise.resolve([]),
    findDocumentAttachments(ctx, id),
  ]);
  // Editors of a document made from a template may fill its fields again (a new version), with
  // the template's current fields; not when the template is gone or they may not see templates.
  const canEditValues =
    document.abilities.edit && !!document.templateId && can(ctx, "ManageDocuments") && can(ctx, ["ViewTemplates", "ManageTemplates"]);
  const [template, dataStore] = canEditValues
    ? await Promise.all([getTemplate(ctx, document.templateId!).catch(() => null), getDataStore(ctx)])
    : [null, null];
  return { document, versions, rendition, activity, categories, tags, tree, account, policies, members, attachments, template, dataStore };
}

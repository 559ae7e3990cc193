import { z } from "zod";
import { defineOperation, uploadedFiles } from "@/lib/operations/operation";
import { assertPlanCapability } from "@/lib/accounts/plan-capability";
import { pageSchema } from "@/lib/pagination";
import { documentRoles } from "./access";
import { archiveDocument } from "./archive-document";
import { cloneDocument } from "./clone-document";
import { createDocumentFromUpload } from "./create-document";
import { documentFieldsSchema } from "./document-schemas";
import { importDocuments } from "./import-documents";
import { deleteDocuments } from "./delete-documents";
import { abilitiesSchema, documentLockSchema, documentSchema, documentWithRoleSchema } from "./document-output";
import { documentListSchema } from "./document-list-sql";
import { findDocuments } from "./find-documents";
import { getDocument } from "./get-document";
import { lockDocument } from "./lock-document";
import { DOCUMENT_STATUSES } from "./status";
import { unlockDocument } from "./unlock-document";
import { updateDocument } from "./update-document";
import { updateDocumentStatus } from "./update-document-status";
import { idString } from "@/lib/validation/ids";

/**
 * The documents' own operations (spec section 7, "documents"), declared once for REST and
 * GraphQL (lib/operations/operation.ts). Who may do what on a document is its role
 * (lib/documents/access.ts), checked by the services; the permissions named here are the ones
 * the services ask for first. An API token acts as its member.
 */
const members = { callers: ["member", "apiToken"] } as const;
const id = idString();
const idInput = z.object({ id }).strict();

/** At most this many documents are deleted at once, over REST and GraphQL alike. */
export const MAX_BULK_DELETE = 100;

export const listDocumentsOperation = defineOperation({
  name: "documents",
  kind: "query",
  description:
    "A page of the documents the caller may see (25 by default, at most 100), filtered and sorted, with each one's abilities and, when searching, its matched passages.",
  ...members,
  input: documentListSchema,
  output: pageSchema(
    documentSchema.extend({
      health: z.enum(["green", "amber", "red"]),
      abilities: abilitiesSchema,
      highlight: z.array(z.object({ text: z.string(), match: z.boolean() })).nullable(),
    }),
  ).extend({
    total: z.number().int(),
    page: z.number().int(),
    perPage: z.number().int(),
    pages: z.number().int(),
    capped: z.boolean(),
    ranked: z.boolean(),
  }),
  run: async (ctx, input) => {
    const page = await findDocuments(ctx, input);
    // The items carry the caller's policies: the abilities cost no query.
    const abilities = await documentRoles(ctx, page.items);
    // documentRoles answers every document it is given.
    return { ...page, items: page.items.map((document) => ({ ...document, abilities: abilities.get(document.id)! })) };
  },
});

export const importDocumentsOperation = defineOperation({
  name: "importDocuments",
  kind: "upload",
  description:
    "Uploads several documents at once, one per file (.docx, .pdf or .doc, checked by content), with the same details: all or none, at most UPLOAD_MAX_FILES; needs the plan capability `import` (FEATURE_NOT_IN_PLAN otherwise).",
  ...members,
  permission: "ManageDocuments",
  // At most the server's UPLOAD_MAX_FILES (readUpload caps it over REST, the service over GraphQL).
  upload: { maxFiles: Number.POSITIVE_INFINITY },
  input: documentFieldsSchema.extend({ files: uploadedFiles }),
  // The plan first (FEATURE_NOT_IN_PLAN), then every file against the monthly document limit at
  // once, as createDocument counts them: all or none (PLAN_LIMIT_REACHED, nothing stored).
  capability: "import",
  limit: { name: "documents", amount: (input) => Math.max(input.files.length, 1) },
  output: z.object({ items: z.array(documentSchema) }),
  ids: ["categoryId", "folderId", "tagIds"],
  run: async (ctx, { files, ...fields }) => {
    // The plan is checked before any file is: an import outside the plan reads none of them.
    assertPlanCapability(ctx, "import");
    return { items: await importDocuments(ctx, fields, files) };
  },
});

export const createDocumentOperation = defineOperation({
  name: "createDocument",
  kind: "upload",
  description:
    "Uploads one document (a .docx, .pdf or .doc, checked by its content) with optional details; several files at once are an import (importDocuments: all or none, plan capability `import`).",
  ...members,
  permission: "ManageDocuments",
  // At most the server's UPLOAD_MAX_FILES (readUpload caps it).
  upload: { maxFiles: Number.POSITIVE_INFINITY },
  input: documentFieldsSchema.extend({ files: uploadedFiles }),
  limit: { name: "documents", amount: (input) => Math.max(input.files.length, 1) },
  output: z.union([z.object({ items: z.array(documentSchema) }), documentSchema]),
  ids: ["categoryId", "folderId", "tagIds"],
  run: async (ctx, { files, ...fields }): Promise<unknown> =>
    files.length > 1 ? importDocumentsOperation.run(ctx, { ...fields, files }) : createDocumentFromUpload(ctx, fields, files[0]),
});

export const getDocumentOperation = defineOperation({
  name: "document",
  kind: "query",
  description: "One document with the caller's role, abilities, health and lock (reader).",
  ...members,
  input: idInput,
  output: documentWithRoleSchema,
  ids: ["id"],
  run: (ctx, input) => getDocument(ctx, input.id),
});

export const updateDocumentOperation = defineOperation({
  name: "updateDocument",
  kind: "mutation",
  description: "Changes a document's details (name, dates, value, category, tags, folder ...); what is not given is kept (editor).",
  ...members,
  input: documentFieldsSchema.extend({ id }),
  output: documentSchema,
  ids: ["id", "categoryId", "folderId", "tagIds"],
  run: (ctx, { id: documentId, ...fields }) => updateDocument(ctx, documentId, fields),
});

export const moveDocumentOperation = defineOperation({
  name: "updateDocumentDestinationFolder",
  kind: "mutation",
  description: "Moves a document to a document folder, or to the root (Drive) with a null destinationId (editor).",
  ...members,
  input: z.object({ id, destinationId: id.nullable().default(null) }).strict(),
  output: documentSchema,
  ids: ["id", "destinationId"],
  // A move is a change of the document's folder, with updateDocument's checks.
  run: (ctx, input) => updateDocument(ctx, input.id, { folderId: input.destinationId }),
});

export const updateDocumentStatusOperation = defineOperation({
  name: "updateDocumentStatus",
  kind: "mutation",
  description: "Moves a document along the status table (docs/document-statuses.md); INVALID_TRANSITION otherwise (editor).",
  ...members,
  input: z.object({ id, newStatus: z.enum(DOCUMENT_STATUSES) }).strict(),
  output: documentSchema,
  ids: ["id"],
  run: (ctx, input) => updateDocumentStatus(ctx, input.id, input.newStatus),
});

export const archiveDocumentOperation = defineOperation({
  name: "archiveDocument",
  kind: "mutation",
  description: "Archives the document (`archived: true`: out of the lists and searches, kept whole) or brings it back (owner).",
  ...members,
  input: z.object({ id, archived: z.boolean() }).strict(),
  output: documentSchema,
  ids: ["id"],
  run: (ctx, input) => archiveDocument(ctx, input.id, input.archived),
});

export const cloneDocumentOperation = defineOperation({
  name: "cloneDocument",
  kind: "mutation",
  description:
    'Copies a document (latest version, details, tags, attachments) as "<name> (copy)", owned by the caller (reader on the source).',
  ...members,
  permission: "ManageDocuments",
  input: idInput,
  output: documentSchema,
  limit: { name: "documents" },
  ids: ["id"],
  run: (ctx, input) => cloneDocument(ctx, input.id),
});

export const lockDocumentOperation = defineOperation({
  name: "lockDocument",
  kind: "mutation",
  description: "Takes or renews the edit lock; DOCUMENT_LOCKED (naming the holder) when someone else holds it (editor).",
  ...members,
  input: idInput,
  output: documentLockSchema,
  ids: ["id"],
  run: (ctx, input) => lockDocument(ctx, input.id),
});

export const unlockDocumentOperation = defineOperation({
  name: "unlockDocument",
  kind: "mutation",
  description: "Releases the caller's edit lock (an owner releases anyone's).",
  ...members,
  input: idInput,
  output: documentLockSchema,
  ids: ["id"],
  run: (ctx, input) => unlockDocument(ctx, input.id),
});

export const deleteDocumentOperation = defineOperation({
  name: "deleteDocument",
  kind: "mutation",
  description: "Deletes a document with its versions and attachments (owner); the ids deleted.",
  ...members,
  permission: "ManageDocuments",
  input: idInput,
  output: z.object({ ids: z.array(z.string()) }),
  ids: ["id"],
  run: async (ctx, input) => ({ ids: await deleteDocuments(ctx, [input.id]) }),
});

export const deleteDocumentsOperation = defineOperation({
  name: "bulkDeleteDocuments",
  kind: "mutation",
  description: `Deletes several documents (owner of each), all or none, at most ${MAX_BULK_DELETE}; the ids deleted.`,
  ...members,
  permission: "ManageDocuments",
  input: z.object({ ids: z.array(id).min(1).max(MAX_BULK_DELETE) }).strict(),
  output: z.object({ ids: z.array(z.string()) }),
  ids: ["ids"],
  run: async (ctx, input) => ({ ids: await deleteDocuments(ctx, input.ids) }),
});

export const documentOperations = [
  listDocumentsOperation,
  createDocumentOperation,
  importDocumentsOperation,
  getDocumentOperation,
  updateDocumentOperation,
  moveDocumentOperation,
  updateDocumentStatusOperation,
  archiveDocumentOperation,
  cloneDocumentOperation,
  lockDocumentOperation,
  unlockDocumentOperation,
  deleteDocumentOperation,
  deleteDocumentsOperation,
];

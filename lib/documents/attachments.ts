// The attachments' verbs are each in their own file; this module gathers them for the modules
// that still import them from here (lib/documents/load-document-view.ts, in another change's area).
export { MAX_ATTACHMENTS, type DocumentAttachmentView } from "./attachment-view";
export { findDocumentAttachments } from "./find-document-attachments";
export { getDocumentAttachmentFile } from "./get-document-attachment-file";
export { addDocumentAttachment } from "./add-document-attachment";
export { deleteDocumentAttachment } from "./delete-document-attachment";

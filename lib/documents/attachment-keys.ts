/** Where an attachment's file is kept: beside the document's versions (docs/documents.md, Files). */
export const attachmentKey = (accountId: string, documentId: string, attachmentId: string, ext: string) =>
  `accounts/${accountId}/documents/${documentId}/attachments/${attachmentId}.${ext}`;

export const newAttachmentId = () => `a${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`;

/** The extension a kept attachment's key ends with, from its type. */
export const attachmentExt = (mimetype: string) =>
  ({ "application/pdf": "pdf", "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" })[mimetype] ??
  (mimetype.includes("wordprocessingml") ? "docx" : "bin");

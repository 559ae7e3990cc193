import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { DOCUMENT_FORM_MESSAGES, SHELL_MESSAGES } from "@/lib/i18n/client-namespaces";

/**
 * The messages the client components of the document screen read when it opens
 * (components/i18n/client-messages.tsx). Its tab panels fetch their own with their code
 * (components/documents/document-panels.tsx) and add them to these.
 */
export default function DocumentViewMessages({ children }: { children: ReactNode }) {
  return (
    <ClientMessages
      namespaces={[
        ...SHELL_MESSAGES,
        ...DOCUMENT_FORM_MESSAGES,
        // What the screen itself reads of the documents' texts (its other tabs fetch theirs).
        "documents.apply",
        "documents.archive",
        "documents.archivedNotice",
        "documents.category",
        "documents.changeStatus",
        "documents.confirmDelete",
        "documents.createdBy",
        "documents.delete",
        "documents.download",
        "documents.downloadPdf",
        "documents.downloadPdfVersionN",
        "documents.downloadVersionN",
        "documents.duplicate",
        "documents.fields",
        "documents.fromTemplate",
        "documents.health",
        "documents.levels",
        "documents.lockedBy",
        "documents.lockedByOther",
        "documents.newVersion",
        "documents.noValues",
        "documents.pdfError",
        "documents.pdfUnavailable",
        "documents.restore",
        "documents.roles",
        "documents.save",
        "documents.sections",
        "documents.status",
        "documents.tabs",
        "documents.tags",
        "documents.versionN",
        "documents.versionShown",
        "documents.viewLatest",
        "documents.viewVersion",
        "documents.viewVersionN",
        "documents.viewingVersion",
        "documents.yourRole",
        "documentAccess.request",
        "sealing.banner",
        "sealing.health",
        "folders.drive",
        "folders.folder",
      ]}
    >
      {children}
    </ClientMessages>
  );
}

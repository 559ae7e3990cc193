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
        "documents",
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

import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { DOCUMENT_FORM_MESSAGES, SHELL_MESSAGES } from "@/lib/i18n/client-namespaces";

/**
 * The messages the client components of the document screen read, its tab panels included: they
 * load later (next/dynamic) but under this provider (components/i18n/client-messages.tsx).
 */
export default function DocumentViewMessages({ children }: { children: ReactNode }) {
  return (
    <ClientMessages
      namespaces={[
        ...SHELL_MESSAGES,
        ...DOCUMENT_FORM_MESSAGES,
        "documents",
        "documentAccess",
        "comments",
        "shareLinks",
        "relations",
        "reminders",
        "approvals",
        "signing.panel",
        "signing.sign.boxSignature",
        "signing.sign.boxInitials",
        "signing.sign.pageAlt",
        "sealing.banner",
        "sealing.health",
        "folders.drive",
        "folders.folder",
        "workspace.documentShareExternalAccountMembers",
      ]}
    >
      {children}
    </ClientMessages>
  );
}

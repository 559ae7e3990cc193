import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { ERROR_MESSAGES } from "@/lib/i18n/client-namespaces";

/** The messages the client components of a share link's visitor (access form, document, comments) read (components/i18n/client-messages.tsx). */
export default function SharedDocumentMessages({ children }: { children: ReactNode }) {
  return (
    <ClientMessages
      namespaces={[
        "shareLinks.page",
        "shareLinks.roles",
        "shareLinks.comments",
        "comments",
        "documents.status",
        "common",
        "alerts",
        ...ERROR_MESSAGES,
      ]}
    >
      {children}
    </ClientMessages>
  );
}

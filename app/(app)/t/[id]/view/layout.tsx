import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { DOCUMENT_FORM_MESSAGES, SHELL_MESSAGES } from "@/lib/i18n/client-namespaces";

/** The messages the client components of the template screen, its document form and the tour's last steps read (components/i18n/client-messages.tsx). */
export default function TemplateViewMessages({ children }: { children: ReactNode }) {
  return (
    <ClientMessages namespaces={[...SHELL_MESSAGES, ...DOCUMENT_FORM_MESSAGES, "templates", "folders.drive", "folders.folder", "tour"]}>
      {children}
    </ClientMessages>
  );
}

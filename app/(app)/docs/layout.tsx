import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { DOCUMENT_LIST_MESSAGES, SHELL_MESSAGES } from "@/lib/i18n/client-namespaces";

/** The messages the client components of the documents list read (components/i18n/client-messages.tsx). */
export default function DocumentsMessages({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={[...SHELL_MESSAGES, ...DOCUMENT_LIST_MESSAGES]}>{children}</ClientMessages>;
}

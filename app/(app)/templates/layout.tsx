import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { SHELL_MESSAGES, TEMPLATE_LIST_MESSAGES, WELCOME_TOUR_MESSAGES } from "@/lib/i18n/client-namespaces";

/** The messages the client components of the templates list and the welcome tour read (components/i18n/client-messages.tsx). */
export default function TemplatesMessages({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={[...SHELL_MESSAGES, ...TEMPLATE_LIST_MESSAGES, ...WELCOME_TOUR_MESSAGES]}>{children}</ClientMessages>;
}

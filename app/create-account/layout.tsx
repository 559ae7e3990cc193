import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { AUTH_MESSAGES } from "@/lib/i18n/client-namespaces";

/** The messages the client components of the new workspace form read (components/i18n/client-messages.tsx). */
export default function CreateAccountMessages({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={[...AUTH_MESSAGES, "createAccount"]}>{children}</ClientMessages>;
}

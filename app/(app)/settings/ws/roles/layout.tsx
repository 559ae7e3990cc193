import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { SHELL_MESSAGES } from "@/lib/i18n/client-namespaces";

/** The messages the client components of the roles editor read (components/i18n/client-messages.tsx). */
export default function RolesMessages({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={[...SHELL_MESSAGES, "accountRoles", "roles"]}>{children}</ClientMessages>;
}

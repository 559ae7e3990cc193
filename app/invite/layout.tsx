import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { AUTH_MESSAGES } from "@/lib/i18n/client-namespaces";

/** The messages the client components of accepting an invitation read (components/i18n/client-messages.tsx). */
export default function InviteMessages({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={[...AUTH_MESSAGES, "invite"]}>{children}</ClientMessages>;
}

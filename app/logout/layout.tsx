import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";

/** The messages the client components of signing out read (components/i18n/client-messages.tsx). */
export default function LogoutMessages({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={["auth.logout", "common"]}>{children}</ClientMessages>;
}

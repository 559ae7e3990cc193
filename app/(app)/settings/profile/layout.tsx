import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { SHELL_MESSAGES } from "@/lib/i18n/client-namespaces";

/** The messages the client components of the profile form read (components/i18n/client-messages.tsx). */
export default function ProfileMessages({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={[...SHELL_MESSAGES, "profile", "auth.firstName", "auth.lastName"]}>{children}</ClientMessages>;
}

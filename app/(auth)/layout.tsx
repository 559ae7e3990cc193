import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { AUTH_MESSAGES } from "@/lib/i18n/client-namespaces";

/** The messages the client components of the sign-in, sign-up, forgotten and new password screens read (components/i18n/client-messages.tsx). */
export default function AuthMessages({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={AUTH_MESSAGES}>{children}</ClientMessages>;
}

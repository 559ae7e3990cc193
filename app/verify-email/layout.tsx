import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { AUTH_MESSAGES } from "@/lib/i18n/client-namespaces";

/** The messages the client components of the email check read (components/i18n/client-messages.tsx). */
export default function VerifyEmailMessages({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={AUTH_MESSAGES}>{children}</ClientMessages>;
}

import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { AUTH_MESSAGES } from "@/lib/i18n/client-namespaces";

/** The messages this sign-in screen's form reads (components/i18n/client-messages.tsx). The sign-in screen itself sends none: its form gets its sentences as props. */
export default function AuthMessages({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={AUTH_MESSAGES}>{children}</ClientMessages>;
}

import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";

/** The messages the client components of the public check of a sealed PDF read (components/i18n/client-messages.tsx). */
export default function VerifyMessages({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={["sealing.verify"]}>{children}</ClientMessages>;
}

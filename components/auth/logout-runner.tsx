"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useEffect, useRef } from "react";
import { callOperation } from "@/lib/client/operations";
import { safeRedirect } from "@/lib/navigation/safe-redirect";
import { logoutOp } from "@/lib/operations/routes/auth";

/** Ends the session, forgets per-user browser state, then goes to the sign-in screen. */
export function LogoutRunner({ redirect }: { redirect: string | null }) {
  const t = useTranslations("auth.logout");
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    callOperation(logoutOp, {})
      .catch(() => false)
      .finally(() => {
        // Passed on to the sign-in screen only if it leads back into the app.
        const target = safeRedirect(redirect, window.location.origin);
        window.location.replace(target ? `/login?redirect=${encodeURIComponent(target)}` : "/login");
      });
  }, [redirect]);

  return <p role="status">{t("title")}</p>;
}

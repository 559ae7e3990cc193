"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";

/** Ends the session, forgets per-user browser state, then goes to the sign-in screen. */
export function LogoutRunner({ redirect }: { redirect: string | null }) {
  const t = useTranslations("auth.logout");
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    fetch("/vapp/auth/logout", { credentials: "same-origin" })
      .catch(() => false)
      .finally(() => {
        const target = redirect && redirect.startsWith("/") && !redirect.startsWith("//") ? redirect : null;
        window.location.replace(target ? `/login?redirect=${encodeURIComponent(target)}` : "/login");
      });
  }, [redirect]);

  return <p role="status">{t("title")}</p>;
}

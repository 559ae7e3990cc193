"use client";

import { useTranslations } from "@/lib/i18n/client";
import { lazy, Suspense, useEffect, useRef, useState } from "react";

/** The open menu's contents (user-menu-items.tsx), fetched on the first opening (issue 15). */
const UserMenuItems = lazy(() => import("./user-menu-items").then((module) => ({ default: module.UserMenuItems })));

/**
 * The user menu of the top bar: who is signed in, and sign out. Keyboard: Escape closes. The
 * button shows the user's picture (`avatar`, their own picture route; null: none), falling back to
 * the initial when there is none or it fails to load.
 */
export function UserMenu({
  name,
  email,
  canManageWorkspace,
  avatar,
}: {
  name: string;
  email: string;
  canManageWorkspace: boolean;
  avatar: string | null;
}) {
  const t = useTranslations("nav");
  const [open, setOpen] = useState(false);
  const [pictureFailed, setPictureFailed] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);

  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t("userMenu")}
        onClick={() => setOpen((v) => !v)}
        className="flex size-9 items-center justify-center overflow-hidden rounded-full bg-brand-600 text-sm font-semibold text-white"
      >
        {avatar && !pictureFailed ? (
          // eslint-disable-next-line @next/next/no-img-element -- served by our own route
          <img
            src={avatar}
            alt=""
            className="size-full object-cover"
            onError={() => setPictureFailed(true)}
            data-testid="user-menu-avatar"
          />
        ) : (
          name.slice(0, 1).toUpperCase()
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <UserMenuItems name={name} email={email} canManageWorkspace={canManageWorkspace} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

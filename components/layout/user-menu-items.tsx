"use client";

import { Link } from "@/components/ui/link";
import { useTranslations } from "@/lib/i18n/client";

/**
 * The open user menu (user-menu.tsx fetches this module on the first opening): who is signed
 * in, the settings, the workspace's settings for who may manage it, and sign out.
 */
export function UserMenuItems({
  name,
  email,
  canManageWorkspace,
  onClose,
}: {
  name: string;
  email: string;
  canManageWorkspace: boolean;
  onClose: () => void;
}) {
  const t = useTranslations("nav");
  return (
    <div role="menu" className="absolute right-0 z-40 mt-2 w-56 rounded-md border border-zinc-200 bg-white py-1 shadow-lg">
      <div className="border-b border-zinc-100 px-3 py-2">
        <p className="truncate text-sm font-medium">{name}</p>
        <p className="truncate text-xs text-zinc-500">{email}</p>
      </div>
      <Link role="menuitem" href="/settings/profile" className="block px-3 py-2 text-sm hover:bg-zinc-50" onClick={onClose}>
        {t("settings")}
      </Link>
      {canManageWorkspace && (
        <Link role="menuitem" href="/settings/ws/users" className="block px-3 py-2 text-sm hover:bg-zinc-50" onClick={onClose}>
          {t("workspaceSettings")}
        </Link>
      )}
      <a role="menuitem" href="/logout" className="block px-3 py-2 text-sm hover:bg-zinc-50">
        {t("logout")}
      </a>
    </div>
  );
}

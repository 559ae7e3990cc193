"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useEffect, useState, useSyncExternalStore } from "react";
import { isNavigationPending, subscribeNavigationPending } from "./navigation-progress-store";

/**
 * The thin progress bar shown while the app navigates (spec "Guards"): it starts when a
 * same-site link is followed and ends when the new address is rendered, and it shows while a
 * navigation started in code (useProgressRouter: push, replace, refresh) is pending.
 */
export function NavigationProgress() {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const current = `${pathname}?${searchParams.toString()}`;
  // The address a navigation started from; it is over once the address differs.
  const [startedFrom, setStartedFrom] = useState<string | null>(null);
  const codePending = useSyncExternalStore(subscribeNavigationPending, isNavigationPending, () => false);
  const active = startedFrom === current || codePending;

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!anchor || anchor.target === "_blank" || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href, window.location.href);
      const here = new URL(window.location.href);
      if (url.origin !== here.origin || (url.pathname === here.pathname && url.search === here.search)) return;
      setStartedFrom(`${here.pathname}?${here.searchParams.toString()}`);
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);

  return (
    <div aria-hidden className="pointer-events-none fixed inset-x-0 top-0 z-50 h-0.5">
      {active && <div className="h-full w-full origin-left animate-[progress_2s_ease-out_forwards] bg-brand-600" />}
    </div>
  );
}

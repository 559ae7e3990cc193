"use client";

import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState, useTransition } from "react";
import { setNavigationPending } from "./navigation-progress-store";

/**
 * `useRouter()` whose push, replace and refresh show the navigation progress bar until the new
 * screen has rendered: each runs in a transition, and the transition's pending state feeds the
 * bar (spec "Guards": a thin progress bar during navigation).
 */
export function useProgressRouter(): ReturnType<typeof useRouter> {
  const router = useRouter();
  const [isPending, startTransition] = useTransition();
  const [id] = useState(() => Symbol("navigation"));

  useEffect(() => {
    setNavigationPending(id, isPending);
  }, [id, isPending]);
  useEffect(() => () => setNavigationPending(id, false), [id]);

  return useMemo(
    () => ({
      ...router,
      push: (...args: Parameters<typeof router.push>) => startTransition(() => router.push(...args)),
      replace: (...args: Parameters<typeof router.replace>) => startTransition(() => router.replace(...args)),
      refresh: () => startTransition(() => router.refresh()),
    }),
    [router],
  );
}

/**
 * The code-driven navigations in flight (router.push, replace, refresh through
 * useProgressRouter), shared by every component on the page: the progress bar shows while any
 * is pending. Link clicks are tracked by the bar itself.
 */
const pending = new Set<symbol>();
const listeners = new Set<() => void>();

export function setNavigationPending(id: symbol, isPending: boolean) {
  const had = pending.has(id);
  if (isPending) pending.add(id);
  else pending.delete(id);
  if (had !== isPending) for (const listener of listeners) listener();
}

export function subscribeNavigationPending(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const isNavigationPending = () => pending.size > 0;

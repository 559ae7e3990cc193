"use client";

import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";

/** Spec: only the 5 newest are shown; each closes itself after 3000 ms and can be closed. */
export const NOTIFICATION_LIMIT = 5;
export const NOTIFICATION_TIMEOUT_MS = 3000;

export type Notification = {
  id: number;
  title: string;
  description?: string;
  tone: "success" | "error" | "info";
  closeable: boolean;
  timeout: number;
};

type Notify = (notification: Omit<Notification, "id" | "closeable" | "timeout"> & Partial<Notification>) => void;

const NotificationsContext = createContext<Notify>(() => {});

export const useNotify = () => useContext(NotificationsContext);

/**
 * `closeLabel` comes translated from the root layout (a server component), so the provider needs no
 * messages in the browser and the entry screens load no translation runtime (issue 15).
 */
export function NotificationsProvider({ closeLabel, children }: { closeLabel: string; children: ReactNode }) {
  const [items, setItems] = useState<Notification[]>([]);
  const nextId = useRef(1);

  const remove = useCallback((id: number) => setItems((list) => list.filter((n) => n.id !== id)), []);
  const notify = useCallback<Notify>(
    (input) => {
      const item: Notification = { closeable: true, timeout: NOTIFICATION_TIMEOUT_MS, ...input, id: nextId.current++ };
      setItems((list) => [...list, item].slice(-NOTIFICATION_LIMIT));
      if (item.timeout > 0) setTimeout(() => remove(item.id), item.timeout);
    },
    [remove],
  );
  const value = useMemo(() => notify, [notify]);

  return (
    <NotificationsContext.Provider value={value}>
      {children}
      <div aria-live="assertive" className="pointer-events-none fixed right-4 top-4 z-50 flex w-80 flex-col gap-2">
        {items.map((item) => (
          <div
            key={item.id}
            role={item.tone === "error" ? "alert" : "status"}
            className={`pointer-events-auto rounded-md border bg-white p-3 shadow-lg ${item.tone === "error" ? "border-red-300" : "border-zinc-200"}`}
          >
            <div className="flex items-start gap-2">
              <span aria-hidden className={item.tone === "error" ? "text-red-600" : "text-emerald-600"}>
                {item.tone === "error" ? "⚠" : "✓"}
              </span>
              <div className="flex-1">
                <p className="text-sm font-semibold">{item.title}</p>
                {item.description && <p className="text-sm text-zinc-600">{item.description}</p>}
              </div>
              {item.closeable && (
                <button type="button" onClick={() => remove(item.id)} aria-label={closeLabel} className="text-zinc-500">
                  ✕
                </button>
              )}
            </div>
          </div>
        ))}
      </div>
    </NotificationsContext.Provider>
  );
}

"use client";

import { useEffect, useRef } from "react";
import { subscribeLive, type LiveSubscription } from "@/lib/client/live";

type Payload = Parameters<Parameters<typeof subscribeLive<"documentSigningChanged">>[2]>[0];
export type DocumentSigningChange = NonNullable<Payload>;

/**
 * Calls `onChange` on each change of the document's approvals, signatures or seal, from any app
 * process (GraphQL subscription documentSigningChanged; the caller must read the document), and
 * with null after a reconnection (the browser's or the server's), when something may have been
 * missed: re-read what you show.
 * The approvals and signatures panels use it.
 */
export function useDocumentSigningEvents(documentId: string, onChange: (change: DocumentSigningChange | null) => void): void {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    const name: LiveSubscription = "documentSigningChanged";
    // "resync": the server's own connection to the events was lost and made again, as null after ours.
    return subscribeLive(name, { documentId }, (change) => latest.current(change?.state === "resync" ? null : change));
  }, [documentId]);
}

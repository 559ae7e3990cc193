/**
 * Live updates in the browser (issue 16): the GraphQL subscriptions the screens use, over SSE at
 * /graphql (graphql-yoga's "distinct connections" mode, which a plain EventSource speaks). The
 * subscription documents live here, not in components. Events may be missed while a connection
 * is down, so `onEvent` also runs after every reconnection: a screen re-reads what it shows.
 */
import type { DocumentSigningEvent } from "@/lib/events/pubsub";

const SUBSCRIPTIONS = {
  workQueueChanged: "subscription WorkQueueChanged { workQueueChanged { changedAt } }",
  documentSigningChanged:
    "subscription DocumentSigningChanged($documentId: ID!) { documentSigningChanged(documentId: $documentId) { documentId kind id state } }",
} as const;

type Payloads = {
  workQueueChanged: { changedAt: string };
  documentSigningChanged: Omit<DocumentSigningEvent, "state"> & { state: string };
};
type Variables = { workQueueChanged: Record<string, never>; documentSigningChanged: { documentId: string } };
export type LiveSubscription = keyof typeof SUBSCRIPTIONS;

/** The first wait before reconnecting a closed stream, doubled up to a minute. */
const RETRY_MS = 2000;
const RETRY_MAX_MS = 60_000;

/**
 * Subscribes and calls `onEvent` with each event's payload, or with null after a reconnection
 * (something may have been missed). Reconnects on its own; answers the function that stops it.
 */
export function subscribeLive<N extends LiveSubscription>(
  name: N,
  variables: Variables[N],
  onEvent: (payload: Payloads[N] | null) => void,
): () => void {
  const url = `/graphql?query=${encodeURIComponent(SUBSCRIPTIONS[name])}&variables=${encodeURIComponent(JSON.stringify(variables))}`;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let opened = false;
  let wait = RETRY_MS;

  const connect = () => {
    if (stopped) return;
    source = new EventSource(url, { withCredentials: true });
    source.onopen = () => {
      wait = RETRY_MS;
      // A reconnection: what changed meanwhile was not streamed.
      if (opened) onEvent(null);
      opened = true;
    };
    source.addEventListener("next", (event) => {
      const body = JSON.parse((event as MessageEvent<string>).data) as { data?: Record<string, unknown>; errors?: unknown[] };
      if (body.data?.[name]) onEvent(body.data[name] as Payloads[N]);
    });
    // The server ended the stream (a refusal, or the caller lost access): no reconnecting.
    source.addEventListener("complete", () => source?.close());
    source.onerror = () => {
      // EventSource retries by itself while CONNECTING; a closed one (an error answer) is retried here, later and later.
      if (source?.readyState !== EventSource.CLOSED || stopped) return;
      timer = setTimeout(connect, wait);
      wait = Math.min(wait * 2, RETRY_MAX_MS);
    };
  };
  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
}

import { Repeater } from "graphql-yoga";
import pg from "pg";
import { db, embeddedDatabase } from "@/lib/db";

/**
 * Live events for GraphQL subscriptions (served over SSE at /graphql), through PostgreSQL's
 * LISTEN/NOTIFY: a publisher NOTIFYs the database, and every app process on that database
 * LISTENs and hands the event to its own subscribers, so two processes behave as one. On the
 * embedded database the notification goes through the same PGlite (one process by nature).
 * Notifications sent inside a transaction arrive when it commits.
 */
export type EventMap = {
  /** A user's own profile changed: payload is the user id. */
  "user:updated": [userId: string, payload: { id: string }];
  /**
   * A document's approval or signature state changed (requested, viewed, approved, rejected,
   * signed, declined, sealed): payload names what changed; subscribers re-read what they show.
   */
  "document:signing": [documentId: string, payload: DocumentSigningEvent];
  /** Something in a workspace's work queue changed (what awaits whom): subscribers re-read their counts. */
  "account:workQueue": [accountId: string, payload: { documentId: string }];
};

export type DocumentSigningEvent = {
  documentId: string;
  kind: "approval" | "signature" | "seal";
  /** The Approval, Signature or Seal id. */
  id: string;
  /** requested, viewed, approved, rejected, message, signed, declined, sealed, sealFailed; resync: events may have been missed, read everything again. */
  state: string;
};

type EventName = keyof EventMap;
type Message = { event: EventName; id: string; payload: unknown };

/**
 * What a subscriber gets when events may have been missed (the listening connection was lost and
 * made again): the same event with a payload that names nothing in particular, so it reads
 * everything it shows again.
 */
const RESYNC: { [E in EventName]: (id: string) => EventMap[E][1] } = {
  "user:updated": (id) => ({ id }),
  "document:signing": (documentId) => ({ documentId, kind: "signature", id: "", state: "resync" }),
  "account:workQueue": () => ({ documentId: "" }),
};

/**
 * This process's live subscriptions, by event and id: each subscriber is a function that hands
 * it an event. A subscription leaves as soon as it ends: its client read no more (the SSE stream
 * was cancelled), its request was aborted (the client went away), or handing it an event failed.
 */
type Live = Map<string, { event: EventName; id: string; subscribers: Set<(payload: unknown) => void> }>;
// Kept on globalThis, as the listener is: the server's build may hold this module twice (the
// route handlers' copy and instrumentation's, which serves GraphQL over WebSocket), and the one
// listener of the process must reach the subscribers of both (else the second copy's hear nothing).
const active: Live = ((globalThis as unknown as { __covenantLive?: Live }).__covenantLive ??= new Map());

/** How many live subscriptions this process has, for one event and id or in all (tests). */
export function liveSubscriptionCount(event?: EventName, id?: string): number {
  if (event !== undefined) return active.get(`${event} ${id}`)?.subscribers.size ?? 0;
  let count = 0;
  for (const entry of active.values()) count += entry.subscribers.size;
  return count;
}

/**
 * Hands an event to this process's subscribers of its id. Handing it to one never throws (that
 * subscriber's own handler ends it instead), so a publish, a notification or a read-again always
 * reaches every other subscriber and never escapes as an uncaught exception.
 */
function dispatch(event: EventName, id: string, payload: unknown): void {
  const entry = active.get(`${event} ${id}`);
  if (!entry) return;
  for (const subscriber of [...entry.subscribers]) {
    try {
      subscriber(payload);
    } catch {
      entry.subscribers.delete(subscriber);
    }
  }
}

/** Tells every live subscriber of this process to read again. */
function resync(): void {
  for (const { event, id } of [...active.values()]) dispatch(event, id, RESYNC[event](id));
}

/** The one channel; payloads are small (ids), far below NOTIFY's 8,000 bytes. */
export const EVENTS_CHANNEL = "covenant_events";

function deliver(raw: string): void {
  let message: Message;
  try {
    message = JSON.parse(raw) as Message;
  } catch {
    return;
  }
  if (!message || typeof message !== "object" || !Object.hasOwn(RESYNC, message.event)) return;
  dispatch(message.event, String(message.id), message.payload);
}

type Listening = { ready: Promise<void>; stop: () => Promise<void> };
const state = globalThis as unknown as { __covenantEvents?: Listening };

/**
 * A dedicated connection that LISTENs (a pooled one could be handed back mid-listen). After a
 * drop it connects again (every second, then up to every 10 s while the server is away) and,
 * since notifications sent meanwhile are lost, tells every live subscriber to read again.
 */
function listenOnServer(connectionString: string): Listening {
  let client: pg.Client | null = null;
  let stopped = false;
  let failures = 0;
  const connect = async (again: boolean): Promise<void> => {
    // Named with the process, so an operator (or a test) can tell one process's listener from another's.
    const next = new pg.Client({ connectionString, application_name: `covenant-events-${process.pid}` });
    next.on("notification", (message) => message.channel === EVENTS_CHANNEL && message.payload && deliver(message.payload));
    next.on("error", (error) => {
      if (client !== next) return;
      client = null;
      console.error(`[events] the listening connection was lost (${error.message}); connecting again`);
      next.end().catch(() => undefined);
      reconnect();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (error) {
      next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) return void (await next.end().catch(() => undefined));
    client = next;
    failures = 0;
    if (again) resync();
  };
  const reconnect = () => {
    if (stopped) return;
    const delay = Math.min(10_000, 1_000 * 2 ** Math.min(failures, 4));
    setTimeout(() => {
      if (stopped) return;
      connect(true).catch((error) => {
        failures++;
        console.error(`[events] could not listen again (${(error as Error).message}); trying later`);
        reconnect();
      });
    }, delay).unref();
  };
  return {
    ready: connect(false),
    stop: async () => {
      stopped = true;
      await client?.end();
    },
  };
}

/** Starts this process's listener once; later calls share it. */
export function listenForEvents(): Promise<void> {
  if (!state.__covenantEvents) {
    const pglite = embeddedDatabase();
    if (pglite) {
      const unsubscribe = pglite.listen(EVENTS_CHANNEL, deliver);
      state.__covenantEvents = { ready: unsubscribe.then(() => undefined), stop: async () => (await unsubscribe)() };
    } else {
      state.__covenantEvents = listenOnServer(process.env.DATABASE_URL!);
    }
    state.__covenantEvents.ready.catch((error) => {
      console.error("[events] could not listen for events", error);
      state.__covenantEvents = undefined;
    });
  }
  return state.__covenantEvents.ready;
}

/** Stops listening (tests, shutdown). */
export async function stopListening(): Promise<void> {
  const current = state.__covenantEvents;
  state.__covenantEvents = undefined;
  await current?.stop();
}

export const pubsub = {
  /** Sends an event to the subscribers of every process on this database. */
  publish<E extends EventName>(event: E, id: EventMap[E][0], payload: EventMap[E][1]): void {
    const message: Message = { event, id, payload };
    db.$executeRaw`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(message)})`.catch((error) =>
      console.error("[events] could not publish", event, error),
    );
  },
  /**
   * The events of one kind for one id, from any process, once this process listens. It ends at
   * once (a pending read answers done) when its consumer returns, which graphql-yoga does when the
   * client cancels the SSE stream, or when `signal` aborts: pass the request's (`clientGone`),
   * which aborts when the client disconnects. A subscriber that falls 1,024 events behind is
   * ended too; its client subscribes again and reads everything again.
   */
  subscribe<E extends EventName>(event: E, id: EventMap[E][0], signal?: AbortSignal): AsyncIterableIterator<EventMap[E][1]> {
    const ready = listenForEvents();
    const key = `${event} ${id}`;
    return new Repeater<EventMap[E][1]>(async (push, stop) => {
      if (signal?.aborted) return stop();
      const end = () => stop();
      signal?.addEventListener("abort", end, { once: true });
      const subscriber = (payload: unknown) => {
        try {
          push(payload as EventMap[E][1]).catch(end);
        } catch {
          // Too many events it has not read (Repeater's limit): it ends rather than grow.
          stop();
        }
      };
      const entry = active.get(key) ?? { event, id, subscribers: new Set() };
      entry.subscribers.add(subscriber);
      active.set(key, entry);
      try {
        await Promise.race([ready, stop]);
        await stop;
      } finally {
        signal?.removeEventListener("abort", end);
        entry.subscribers.delete(subscriber);
        if (entry.subscribers.size === 0 && active.get(key) === entry) active.delete(key);
      }
    });
  },
};

/**
 * The signal of the request a GraphQL subscription came in, from its context (graphql-yoga puts
 * the request there): it aborts when the client disconnects, so the subscription ends with it.
 */
export function clientGone(context: object): AbortSignal | undefined {
  return (context as { request?: Request }).request?.signal;
}

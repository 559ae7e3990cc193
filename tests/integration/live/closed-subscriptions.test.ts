import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, isEmbedded } from "@/lib/db";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { listenForEvents, liveSubscriptionCount, pubsub, type EventMap } from "@/lib/events/pubsub";
import { addMember, createAccount, createUser, signedInAs } from "@/tests/factories";
import { makeDocx } from "@/tests/fixtures/docx";
import { subscribeOverSse, untilListening, type SseStream } from "@/tests/factories/live";

/**
 * A subscription whose client is gone ends at once (issue: closed SSE subscriptions): whether the
 * client cancels its stream, or its request is aborted (a browser closing an EventSource), or
 * both, in either order. It leaves this process's live set without waiting for another event,
 * and events published for its id afterwards, a read-again (resync) among them, reach nothing:
 * before, they reached the closed stream and undici threw "ReadableStream is already closed" as
 * an uncaught exception, which ends a server process.
 */
type Sse = SseStream;
const subscribe = subscribeOverSse;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function within(ms: number, check: () => boolean, what: string) {
  for (const end = Date.now() + ms; !check(); await sleep(20)) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
  }
}

/** What the process reports as uncaught while this file runs: none is expected. */
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => void uncaught.push(error);

let w: { accountId: string; documentId: string; userId: string; token: string };

beforeAll(async () => {
  process.on("uncaughtException", onUncaught);
  process.on("unhandledRejection", onUncaught);
  await listenForEvents();
  const { account, owner } = await createAccount("Closed live");
  const ownerCtx = (await signedInAs(owner.id, account.id)).ctx;
  const document = await createDocumentFromUpload(ownerCtx, { name: "Closed deed" }, { name: "c.docx", bytes: makeDocx(["Closed"]) });
  const reader = await addMember(account.id, "Member", await createUser());
  await db.documentPolicy.create({ data: { accountId: account.id, documentId: document.id, userId: reader.id, role: "reader" } });
  w = { accountId: account.id, documentId: document.id, userId: reader.id, token: (await signedInAs(reader.id, account.id)).accessToken };
});

afterAll(() => {
  process.off("uncaughtException", onUncaught);
  process.off("unhandledRejection", onUncaught);
});

type Case<E extends keyof EventMap> = {
  name: string;
  query: string;
  variables: () => Record<string, unknown>;
  event: E;
  id: () => EventMap[E][0];
  payload: (n: number) => EventMap[E][1];
  resync: () => EventMap[E][1];
};

const subscriptions: Case<keyof EventMap>[] = [
  {
    name: "documentSigningChanged",
    query: "subscription ($documentId: ID!) { documentSigningChanged(documentId: $documentId) { documentId kind id state } }",
    variables: () => ({ documentId: w.documentId }),
    event: "document:signing",
    id: () => w.documentId,
    payload: (n) => ({ documentId: w.documentId, kind: "signature", id: `sig-${n}`, state: "signed" }),
    resync: () => ({ documentId: w.documentId, kind: "signature", id: "", state: "resync" }),
  } satisfies Case<"document:signing">,
  {
    name: "workQueueChanged",
    query: "subscription { workQueueChanged { changedAt } }",
    variables: () => ({}),
    event: "account:workQueue",
    id: () => w.accountId,
    payload: (n) => ({ documentId: `doc-${n}` }),
    resync: () => ({ documentId: "" }),
  } satisfies Case<"account:workQueue">,
  {
    name: "userUpdated",
    query: "subscription { userUpdated { id } }",
    variables: () => ({}),
    event: "user:updated",
    id: () => w.userId,
    payload: () => ({ id: w.userId }),
    resync: () => ({ id: w.userId }),
  } satisfies Case<"user:updated">,
] as Case<keyof EventMap>[];

const closings: { name: string; close: (sse: Sse) => Promise<void> }[] = [
  { name: "the client cancels its stream", close: (sse) => sse.close() },
  { name: "the request is aborted", close: async (sse) => sse.abort() },
  {
    name: "the request is aborted, then the stream cancelled",
    close: async (sse) => {
      sse.abort();
      await sse.close();
    },
  },
  {
    name: "the stream is cancelled, then the request aborted",
    close: async (sse) => {
      const cancelled = sse.close();
      sse.abort();
      await cancelled;
    },
  },
];

describe("a subscription whose client is gone", () => {
  for (const s of subscriptions) {
    for (const closing of closings) {
      it(`${s.name}: ends when ${closing.name}, and later events reach nothing`, { timeout: 30_000 }, async () => {
        const live = () => liveSubscriptionCount(s.event, s.id());
        expect(live()).toBe(0);
        const sse = await subscribe(s.query, s.variables(), w.token);
        const first = await untilListening(sse, () => pubsub.publish(s.event, s.id(), s.payload(0)));
        expect(first?.event).toBe("next");
        expect(first?.data.errors).toBeUndefined();
        expect(live()).toBe(1);

        await closing.close(sse);
        // At once, without another event to wake it.
        await within(2_000, () => live() === 0, `${s.name} still live after ${closing.name}`);

        // Events for the same id, a read-again among them, reach no closed stream.
        for (let n = 1; n <= 3; n++) pubsub.publish(s.event, s.id(), s.payload(n));
        pubsub.publish(s.event, s.id(), s.resync());
        // The notifications make their round trip through the database; a tick or two after.
        await sleep(500);
        expect(uncaught).toEqual([]);
        expect(live()).toBe(0);
      });
    }
  }

  it("a subscriber still open gets the read-again and events; the closed ones nothing", { timeout: 30_000 }, async () => {
    const [s] = subscriptions;
    const open = await subscribe(s.query, s.variables(), w.token);
    const closed = await subscribe(s.query, s.variables(), w.token);
    await untilListening(open, () => pubsub.publish(s.event, s.id(), s.payload(0)));
    await untilListening(closed, () => pubsub.publish(s.event, s.id(), s.payload(0)));
    expect(liveSubscriptionCount(s.event, s.id())).toBe(2);
    closed.abort();
    await closed.close();
    await within(2_000, () => liveSubscriptionCount(s.event, s.id()) === 1, "the closed subscription still live");

    pubsub.publish(s.event, s.id(), s.resync());
    let next = await open.next();
    // Pings sent while waiting may come first.
    while ((next?.data.data as { documentSigningChanged: { id: string } } | undefined)?.documentSigningChanged.id === "sig-0")
      next = await open.next();
    expect(next?.data).toEqual({ data: { documentSigningChanged: s.resync() } });
    await open.close();
    await within(2_000, () => liveSubscriptionCount(s.event, s.id()) === 0, "the cancelled subscription still live");
    await sleep(300);
    expect(uncaught).toEqual([]);
  });
});

/**
 * The real read-again: this process's listening connection is ended (as by a PostgreSQL restart);
 * once it listens again it tells every live subscriber to read again, which must not reach the
 * subscriptions closed before. The embedded database has no connection to lose.
 */
describe.skipIf(isEmbedded())("when the listening connection is lost", () => {
  it("the read-again reaches only live subscribers", { timeout: 60_000 }, async () => {
    const [s] = subscriptions;
    const open = await subscribe(s.query, s.variables(), w.token);
    await untilListening(open, () => pubsub.publish(s.event, s.id(), s.payload(0)));
    const closed: Sse[] = [];
    for (const closing of closings) {
      const sse = await subscribe(s.query, s.variables(), w.token);
      await untilListening(sse, () => pubsub.publish(s.event, s.id(), s.payload(0)));
      await closing.close(sse);
      closed.push(sse);
    }
    await within(2_000, () => liveSubscriptionCount(s.event, s.id()) === 1, "closed subscriptions still live");

    const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    try {
      const listening = async () =>
        (
          await admin<{ pid: number }[]>`SELECT pid FROM pg_stat_activity
            WHERE application_name = ${`covenant-events-${process.pid}`} AND datname = current_database()`
        ).map((row) => row.pid);
      const before = await listening();
      expect(before).toHaveLength(1);
      await admin`SELECT pg_terminate_backend(${before[0]})`;
      // The open subscriber is told to read again once this process listens again.
      let next = await open.next();
      while ((next?.data.data as { documentSigningChanged: { id: string } } | undefined)?.documentSigningChanged.id === "sig-0")
        next = await open.next();
      expect(next?.data).toEqual({ data: { documentSigningChanged: s.resync() } });
      await sleep(500);
      expect(uncaught).toEqual([]);
    } finally {
      await admin.end();
      await open.close();
    }
    await within(2_000, () => liveSubscriptionCount(s.event, s.id()) === 0, "the cancelled subscription still live");
  });
});

import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { isEmbedded } from "@/lib/db";
import { pubsub, stopListening } from "@/lib/events/pubsub";

/**
 * The connection that LISTENs for live events is lost (PostgreSQL restarted, or ended it): it
 * connects again and every live subscriber is told to read again, since what was sent meanwhile
 * never arrives (issue 37, item 7). The embedded database has no connection to lose.
 */
afterAll(() => stopListening());

describe.skipIf(isEmbedded())("live events when the listening connection is lost", () => {
  it("tells every subscriber to read again once it listens again, and delivers events after", { timeout: 60_000 }, async () => {
    const account = `acct-${Date.now()}`;
    // Everything the subscriber receives, in order.
    const received: { documentId: string }[] = [];
    const reading = (async () => {
      for await (const event of pubsub.subscribe("account:workQueue", account)) {
        received.push(event);
        if (event.documentId === "after") return;
      }
    })();
    const until = async (check: () => boolean, ms: number, tick?: () => void) => {
      for (const end = Date.now() + ms; !check(); await new Promise((resolve) => setTimeout(resolve, 100))) {
        if (Date.now() > end) throw new Error(`not within ${ms} ms: ${JSON.stringify(received)}`);
        tick?.();
      }
    };
    // Listening once the first warm-up event arrives.
    await until(
      () => received.length > 0,
      10_000,
      () => pubsub.publish("account:workQueue", account, { documentId: "warm-up" }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));

    const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    const [{ n }] = await admin<{ n: number }[]>`
      SELECT count(*)::int AS n FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE application_name = 'covenant-events' AND datname = current_database()) t`;
    expect(n).toBeGreaterThanOrEqual(1);
    // Sent while nobody listens: lost, which is why the subscriber is told to read again.
    pubsub.publish("account:workQueue", account, { documentId: "in-the-gap" });
    await until(() => received.some((event) => event.documentId === ""), 15_000);
    // Listening again: an event sent now arrives.
    await until(
      () => received.some((event) => event.documentId === "after"),
      10_000,
      () => pubsub.publish("account:workQueue", account, { documentId: "after" }),
    );
    await reading;
    expect(received.filter((event) => event.documentId === "")).toHaveLength(1);
    await admin.end();
  });
});

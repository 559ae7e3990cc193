import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { isEmbedded } from "@/lib/db";
import { pubsub, stopListening } from "@/lib/events/pubsub";

/**
 * The connection that LISTENs for live events is lost (PostgreSQL restarted, or ended it): it
 * connects again and every live subscriber is told to read again, since what was sent meanwhile
 * never arrives (issue 37, item 7). The subscriber lives in a second process
 * (listen-reconnect-process.ts), whose listening connection alone is ended. The embedded database
 * has no connection to lose.
 */
describe.skipIf(isEmbedded())("live events when the listening connection is lost", () => {
  it("tells every subscriber to read again once it listens again, and delivers events after", { timeout: 90_000 }, async () => {
    const account = `acct-${Date.now()}`;
    const child = spawn(process.execPath, ["--import", "tsx", "tests/integration/resilience/listen-reconnect-process.ts", account], {
      env: { ...process.env, DISABLE_JOBS: "1" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const messages: { type: string; pid?: number; payload?: { documentId: string } }[] = [];
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (line.startsWith("{")) messages.push(JSON.parse(line));
    });
    const received = () => messages.filter((m) => m.type === "event").map((m) => m.payload!.documentId);
    const until = async (check: () => boolean, ms: number, tick?: () => void) => {
      for (const end = Date.now() + ms; !check(); await new Promise((resolve) => setTimeout(resolve, 100))) {
        if (Date.now() > end) throw new Error(`not within ${ms} ms: ${JSON.stringify(messages)}`);
        tick?.();
      }
    };
    const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    try {
      await until(() => messages.some((m) => m.type === "ready"), 60_000);
      const pid = messages.find((m) => m.type === "ready")!.pid!;
      await new Promise((resolve) => setTimeout(resolve, 300));
      const [{ n }] = await admin<{ n: number }[]>`
        SELECT count(*)::int AS n FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE application_name = ${`covenant-events-${pid}`} AND datname = current_database()) t`;
      expect(n).toBe(1);
      // Sent while it does not listen: lost, which is why the subscriber is told to read again.
      pubsub.publish("account:workQueue", account, { documentId: "in-the-gap" });
      await until(() => received().includes(""), 15_000);
      // Listening again: an event sent now arrives.
      await until(
        () => received().includes("after"),
        15_000,
        () => pubsub.publish("account:workQueue", account, { documentId: "after" }),
      );
      expect(received().filter((documentId) => documentId === "")).toHaveLength(1);
    } finally {
      child.kill("SIGKILL");
      await admin.end();
      await stopListening();
    }
  });
});

/**
 * A second app process for tests/integration/live/two-processes.test.ts: on the same PostgreSQL
 * database (DATABASE_URL) it works the queue of a test job and of the reminders job, and listens
 * for live events. It talks over stdio, one JSON line each way:
 *   out: {"type":"ready"} once listening and working; {"type":"event",...} per event received;
 *        {"type":"ran","n":…} per test job it ran; {"type":"published"} after a publish.
 *   in:  {"publish": documentId}, {"publishWorkQueue": accountId}, {"stop": true}.
 * Run: npx tsx tests/integration/live/second-process.ts <testJobName> <documentId>
 */
import { createInterface } from "node:readline";
import { z } from "zod";
import { listenForEvents, pubsub, stopListening } from "@/lib/events/pubsub";
import { defineJob } from "@/lib/jobs/job";
import { openQueue } from "@/lib/jobs/queue";
import { remindersJob } from "@/lib/reminders/reminders-job";

const [jobName, documentId] = process.argv.slice(2);
const say = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);

async function main() {
  const counted = defineJob({
    name: jobName!,
    description: "Counts its runs in this process.",
    input: z.object({ n: z.number().int() }),
    run: async (_ctx, { n }) => say({ type: "ran", n }),
  });
  // Listening: this process's own ping comes back through the database before it says ready.
  await listenForEvents();
  const events = pubsub.subscribe("document:signing", documentId!)[Symbol.asyncIterator]();
  const pinged = events.next();
  pubsub.publish("document:signing", documentId!, { documentId: documentId!, kind: "seal", id: "ping", state: "ping" });
  await pinged;
  void (async () => {
    for (;;) {
      const { value, done } = await events.next();
      if (done) return;
      say({ type: "event", payload: value });
    }
  })();
  const queue = await openQueue({ work: true, jobs: [counted, remindersJob], pollingIntervalSeconds: 0.5 });
  say({ type: "ready" });
  for await (const line of createInterface({ input: process.stdin })) {
    const command = JSON.parse(line) as { publish?: string; publishWorkQueue?: string; stop?: boolean };
    if (command.publishWorkQueue) pubsub.publish("account:workQueue", command.publishWorkQueue, { documentId: "from-second" });
    if (command.publish) {
      pubsub.publish("document:signing", command.publish, {
        documentId: command.publish,
        kind: "signature",
        id: "from-second",
        state: "signed",
      });
      say({ type: "published" });
    }
    if (command.stop) {
      await queue.stop();
      await stopListening();
      process.exit(0);
    }
  }
}

main().catch((error) => {
  say({ type: "error", message: String(error) });
  process.exit(1);
});

/**
 * A second app process for listen-reconnect.test.ts: on the same PostgreSQL database it
 * subscribes to one workspace's work-queue events and prints each as a JSON line
 * ({"type":"event","payload":…}), after {"type":"ready","pid":…} once its own ping came back
 * through the database. In a process of its own, the read-again it gets when its listening
 * connection is lost reaches no subscription of another test file.
 * Run: node --import tsx tests/integration/resilience/listen-reconnect-process.ts <accountId>
 */
import { pubsub } from "@/lib/events/pubsub";

const [accountId] = process.argv.slice(2);
const say = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);

// The process lives until it is killed: the listener's reconnect timer alone would not keep it.
setInterval(() => undefined, 60_000);
let ready = false;
const ping = setInterval(() => pubsub.publish("account:workQueue", accountId!, { documentId: "ping" }), 100);
for await (const payload of pubsub.subscribe("account:workQueue", accountId!)) {
  if (!ready) {
    ready = true;
    clearInterval(ping);
    say({ type: "ready", pid: process.pid });
  }
  say({ type: "event", payload });
}

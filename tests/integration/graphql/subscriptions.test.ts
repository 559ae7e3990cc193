import { randomUUID } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { db, embeddedDatabase } from "@/lib/db";
import { EVENTS_CHANNEL, listenForEvents, pubsub } from "@/lib/events/pubsub";
import { POST } from "@/app/graphql/route";
import { createUser, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest } from "@/tests/factories/http";

describe("GraphQL subscriptions over server-sent events", () => {
  it("userUpdated delivers the user's change to another open connection", async () => {
    const user = await createUser({ firstName: "Before" });
    const { accessToken } = await signedInAs(user.id);
    const controller = new AbortController();
    const request = jsonRequest("POST", "/graphql", {
      body: { query: "subscription { userUpdated { id firstName } }" },
      headers: { authorization: `Bearer ${accessToken}`, accept: "text/event-stream" },
    });
    const response = await POST(new Request(request, { signal: controller.signal }));
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = "";
    // Reading starts the subscription; keep reading in the background.
    const reading = (async () => {
      while (!received.includes("After")) {
        const { value, done } = await reader.read();
        if (done) break;
        received += decoder.decode(value);
      }
    })();

    await new Promise((resolve) => setTimeout(resolve, 300));
    const mutation = await graphql('mutation { updateUser(data: { firstName: "After" }) { id } }', { accessToken });
    expect(mutation.errors).toBeUndefined();
    await reading;
    controller.abort();
    expect(received).toContain(`"userUpdated":{"id":"${user.id}","firstName":"After"}`);
  });
});

describe("live events across processes", () => {
  it("an event NOTIFYed on the database by another process reaches this process's subscribers", async () => {
    const userId = `user-${randomUUID()}`;
    const events = pubsub.subscribe("user:updated", userId)[Symbol.asyncIterator]();
    const next = events.next();
    await listenForEvents();
    // Another process: its own connection on the server, or the same embedded database.
    const message = JSON.stringify({ event: "user:updated", id: userId, payload: { id: userId } });
    const pglite = embeddedDatabase();
    if (pglite) await pglite.query("SELECT pg_notify($1, $2)", [EVENTS_CHANNEL, message]);
    else {
      const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await other.connect();
      await other.query("SELECT pg_notify($1, $2)", [EVENTS_CHANNEL, message]);
      await other.end();
    }
    expect((await next).value).toEqual({ id: userId });
    await events.return?.();
  });

  it("a notification sent inside a transaction arrives only when it commits", async () => {
    const userId = `user-${randomUUID()}`;
    const received: unknown[] = [];
    const events = pubsub.subscribe("user:updated", userId)[Symbol.asyncIterator]();
    const reading = events.next().then((result) => received.push(result.value));
    await listenForEvents();
    const message = JSON.stringify({ event: "user:updated", id: userId, payload: { id: userId } });
    await db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_notify(${EVENTS_CHANNEL}, ${message})`;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(received).toEqual([]);
    });
    await reading;
    expect(received).toEqual([{ id: userId }]);
    await events.return?.();
  });
});

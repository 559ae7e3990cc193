import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { db } from "@/lib/db";
import { listenForEvents, pubsub } from "@/lib/events/pubsub";
import { originAllowed } from "@/lib/graphql/ws";
import { createAccount, signedInAs } from "@/tests/factories";
import { startWebSocketServer } from "@/tests/factories/live";

/**
 * What the WebSocket side of /graphql adds to the subscriptions (issue 38; lib/graphql/ws.ts):
 * the session cookie authenticates at the upgrade, headers come as connectionParams, another
 * site's page is refused before any socket, credentials that name no one close with 4401, a
 * workspace that is not the caller's with 4403, a session ended meanwhile closes the socket, and
 * only subscriptions are served.
 */
let server: Awaited<ReturnType<typeof startWebSocketServer>>;
let owner: { id: string; accountId: string; token: string; sessionId: string };
let foreignAccountId: string;

beforeAll(async () => {
  await listenForEvents();
  server = await startWebSocketServer({ sessionCheckMs: 200 });
  const { account, owner: user } = await createAccount("Sockets");
  const session = await signedInAs(user.id, account.id);
  owner = { id: user.id, accountId: account.id, token: session.accessToken, sessionId: session.sessionId };
  foreignAccountId = (await createAccount("Sockets elsewhere")).account.id;
});

afterAll(() => server?.close());

/** A raw connection: the upgrade's answer, or the socket once open, and how it closed. */
function connect(headers: Record<string, string> = {}) {
  const socket = new WebSocket(server.url, "graphql-transport-ws", { headers });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const refused = new Promise<number>((resolve) =>
    socket.on("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0)),
  );
  const messages: Record<string, unknown>[] = [];
  socket.on("message", (data) => messages.push(JSON.parse(data.toString()) as Record<string, unknown>));
  socket.on("error", () => undefined);
  const opened = new Promise<void>((resolve) => socket.on("open", () => resolve()));
  const send = async (message: object) => {
    await opened;
    socket.send(JSON.stringify(message));
  };
  return { socket, closed, refused, messages, send };
}

const until = async (check: () => boolean, ms = 5_000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe("GraphQL over WebSocket", () => {
  it("refuses an upgrade from another site's page before any socket; the app's own origin and clients without one pass", async () => {
    const other = connect({ origin: "https://attacker.example" });
    expect(await other.refused).toBe(403);
    const host = new URL(server.url).host;
    expect(originAllowed({ headers: { origin: `http://${host}`, host } })).toBe(true);
    expect(originAllowed({ headers: { origin: "http://localhost:3000", host } }, "http://localhost:3000")).toBe(true);
    expect(originAllowed({ headers: { origin: "null", host } })).toBe(false);
    expect(originAllowed({ headers: { host } })).toBe(true);
  });

  it("authenticates with the session cookie of the upgrade", { timeout: 30_000 }, async () => {
    const connection = connect({ cookie: `next-auth.session-token=${owner.token}` });
    await connection.send({ type: "connection_init" });
    await until(() => connection.messages.some((m) => m.type === "connection_ack"));
    await connection.send({ id: "1", type: "subscribe", payload: { query: "subscription { userUpdated { id } }" } });
    // Publish until the subscription is in place.
    await until(() => {
      pubsub.publish("user:updated", owner.id, { id: owner.id });
      return connection.messages.some((m) => m.type === "next");
    });
    expect(connection.messages.find((m) => m.type === "next")).toEqual({
      id: "1",
      type: "next",
      payload: { data: { userUpdated: { id: owner.id } } },
    });
    connection.socket.close();
  });

  it("closes with 4401 when the credentials name no one, and with 4403 for a workspace that is not the caller's", async () => {
    const forged = connect();
    await forged.send({ type: "connection_init", payload: { authorization: "Bearer not-a-token" } });
    expect((await forged.closed).code).toBe(4401);

    const expired = connect({ cookie: "next-auth.session-token=eyJ.forged.jwt" });
    await expired.send({ type: "connection_init" });
    expect((await expired.closed).code).toBe(4401);

    const elsewhere = connect();
    await elsewhere.send({
      type: "connection_init",
      payload: { authorization: `Bearer ${owner.token}`, "x-account-id": foreignAccountId },
    });
    expect((await elsewhere.closed).code).toBe(4403);
  });

  it("closes with 4401 once the session has ended", { timeout: 30_000 }, async () => {
    const { account, owner: user } = await createAccount("Sockets ending");
    const session = await signedInAs(user.id, account.id);
    const connection = connect();
    await connection.send({ type: "connection_init", payload: { authorization: `Bearer ${session.accessToken}` } });
    await until(() => connection.messages.some((m) => m.type === "connection_ack"));
    await db.session.update({ where: { id: session.sessionId }, data: { revokedAt: new Date() } });
    expect((await connection.closed).code).toBe(4401);
  });

  it("serves subscriptions only: a query is answered with a worded error, in the caller's language", async () => {
    const client = createClient({
      url: server.url,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${owner.token}` },
      retryAttempts: 0,
    });
    const events = client.iterate({ query: "{ me { id } }" });
    await expect(events.next()).rejects.toEqual([
      expect.objectContaining({
        message: "This connection serves subscriptions only. Send queries and changes over HTTP to /graphql.",
        extensions: expect.objectContaining({ code: "BAD_USER_INPUT", reason: "SUBSCRIPTIONS_ONLY" }),
      }),
    ]);
    await client.dispose();

    // In the caller's language, from the headers it sends as connectionParams.
    const spanish = createClient({
      url: server.url,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${owner.token}`, "x-language": "es" },
      retryAttempts: 0,
    });
    await expect(spanish.iterate({ query: "{ me { id } }" }).next()).rejects.toEqual([
      expect.objectContaining({
        message: "Esta conexión solo sirve suscripciones. Envía las consultas y los cambios por HTTP a /graphql.",
      }),
    ]);
    await spanish.dispose();
  });
});

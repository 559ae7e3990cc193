import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { expect } from "vitest";
import { GET } from "@/app/graphql/route";
import { graphqlWebSocket } from "@/lib/graphql/ws";

/**
 * Live subscriptions as a client sees them, over either transport of /graphql: server-sent
 * events (the route handler) or WebSocket (graphql-ws on a real HTTP server, as scripts/server.mjs
 * serves it). Each answers the same stream of `{ event, data }`; `null` once it has ended.
 */
export type LiveEvent = { event: string; data: Record<string, unknown> };
export type LiveStream = { next: () => Promise<LiveEvent | null>; close: () => Promise<void> };
/** An SSE stream can also be given up the way a browser closing its EventSource does: its request aborted. */
export type SseStream = LiveStream & { abort: () => void };
export type Subscribe = (query: string, variables: Record<string, unknown>, accessToken: string) => Promise<LiveStream>;

/** Opens a subscription as a browser's EventSource would (GET, text/event-stream) and reads its events. */
export const subscribeOverSse = async (query: string, variables: Record<string, unknown>, accessToken: string): Promise<SseStream> => {
  const url = `http://localhost:3000/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify(variables))}`;
  const controller = new AbortController();
  const response = await GET(
    new Request(url, { headers: { accept: "text/event-stream", authorization: `Bearer ${accessToken}` }, signal: controller.signal }),
  );
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  return {
    next: async () => {
      for (;;) {
        const end = buffer.indexOf("\n\n");
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event) return { event, data: data ? (JSON.parse(data) as Record<string, unknown>) : {} };
          continue; // a comment (keep-alive)
        }
        const { value, done } = await reader.read();
        if (done) return null;
        buffer += value;
      }
    },
    close: () => reader.cancel(),
    abort: () => controller.abort(),
  };
};

/** Publishes until the subscriber's first event arrives: its listener is in place from then on. */
export async function untilListening(stream: LiveStream, publish: () => void) {
  const first = stream.next();
  let arrived = false;
  void first.then(() => (arrived = true));
  while (!arrived) {
    publish();
    await Promise.race([first, new Promise((resolve) => setTimeout(resolve, 200))]);
  }
  return first;
}

/** A real HTTP server whose upgrades to /graphql go to the WebSocket side of GraphQL. */
export async function startWebSocketServer(options: { sessionCheckMs?: number } = {}) {
  const ws = graphqlWebSocket(options);
  const server = createServer((_request, response) => response.writeHead(404).end());
  server.on("upgrade", (request, socket, head) => ws.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/graphql`,
    close: async () => {
      await ws.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Subscribes over WebSocket at `url` (graphql-ws, lazy), the token in `connectionParams` as its header. */
export function subscribeOverWebSocket(url: string, headers: Record<string, string> = {}): Subscribe {
  return async (query, variables, accessToken) => {
    const client = createClient({
      url,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${accessToken}`, ...headers },
      retryAttempts: 0,
    });
    const events = client.iterate({ query, variables });
    return {
      next: async () => {
        const { value, done } = await events.next();
        return done ? null : { event: "next", data: value as Record<string, unknown> };
      },
      close: async () => {
        await events.return?.();
        await client.dispose();
      },
    };
  };
}

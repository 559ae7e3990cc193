#!/usr/bin/env node
/**
 * The app's server (`npm start`, `npm run start:demo`, the browser tests' server, Docker): Next.js
 * on one HTTP server whose upgrades to /graphql become GraphQL subscriptions over WebSocket
 * (lib/graphql/ws.ts; a route handler cannot take over a connection). instrumentation.ts, which
 * Next runs in this process at start, puts the WebSocket side within reach; every other upgrade
 * goes to Next.
 *
 * Flags as `next start`: -p/--port (else PORT, else 3000), -H/--hostname (else HOSTNAME, else
 * every interface), --keepAliveTimeout (ms); --dev serves `next dev` instead of the production build.
 */
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { markRemoteAddress, REMOTE_ADDRESS_FLAG } from "./remote-address.mjs";

const args = process.argv.slice(2);
const option = (...names) => {
  const index = args.findIndex((arg) => names.includes(arg));
  return index >= 0 ? args[index + 1] : undefined;
};
const dev = args.includes("--dev");
const port = Number(option("-p", "--port") ?? process.env.PORT ?? 3000);
const hostname = option("-H", "--hostname") ?? process.env.HOSTNAME ?? undefined;
if (!dev) process.env.NODE_ENV = "production";
process.env.PORT = String(port);
// Every request carries its connection's address in an internal header the app may believe (scripts/remote-address.mjs).
process.env[REMOTE_ADDRESS_FLAG] = "1";

const { default: next } = await import("next");
const server = createServer((request, response) => handle(markRemoteAddress(request), response));
// Next listens for upgrades on this server itself (its own, from its first request on): the
// /graphql ones are ours alone, so they are taken before any listener hears them.
const emit = server.emit;
server.emit = function (event, request, ...rest) {
  if (event === "upgrade") markRemoteAddress(request);
  if (event !== "upgrade" || (request.url ?? "").split("?")[0] !== "/graphql") return emit.call(this, event, request, ...rest);
  const [socket, head] = rest;
  const graphql = globalThis.__covenantGraphqlWebSocket;
  if (graphql) graphql.handleUpgrade(request, socket, head);
  else socket.end("HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 1\r\nContent-Length: 0\r\n\r\n");
  return true;
};
const app = next({
  dev,
  dir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."),
  hostname: hostname ?? "localhost",
  port,
  httpServer: server,
});
const handle = app.getRequestHandler();
await app.prepare();

// Idle kept-alive connections are kept this long (ms) when asked, as `next start --keepAliveTimeout`.
const keepAlive = Number(option("--keepAliveTimeout"));
if (keepAlive > 0) server.keepAliveTimeout = keepAlive;
server.listen(port, hostname, () => console.log(`Ready on http://${hostname ?? "localhost"}:${port}${dev ? " (development)" : ""}`));

// A stop ends open connections' requests first (at most 10 s), as `next start` does.
const stop = () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 10_000).unref();
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);

import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { getOperationAST, GraphQLError, type ExecutionArgs } from "graphql";
import { CloseCode, type SubscribePayload } from "graphql-ws";
// graphql-ws names it like a React hook; it is not one.
import { useServer as serveGraphQLOverWebSocket, type Extra } from "graphql-ws/use/ws";
import { WebSocketServer, type WebSocket } from "ws";
import {
  ACCOUNT_HEADER,
  API_KEY_HEADER,
  buildContext,
  LANGUAGE_HEADER,
  parseCookies,
  PUBLIC_API_KEY_HEADER,
  requestLocale,
  sourceFromRequest,
} from "@/lib/auth/get-request-context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import type { GraphQLContext } from "./context";
import { maskError, toGraphQLError } from "./errors";
import { sessionCookieName } from "@/lib/auth/session-jwt";
import type { ServiceContext } from "@/lib/auth/context";
import { appUrl } from "@/lib/email/send-email";
import { SIGNED_HEADER } from "@/lib/signing/signing-links";
import { yoga } from "./yoga";

/**
 * GraphQL subscriptions over WebSocket at /graphql (the spec's "websocket variant for
 * subscriptions (lazy connect, same headers)"; the graphql-transport-ws protocol of `graphql-ws`),
 * beside SSE, through the same envelope as HTTP (lib/graphql/yoga.ts): the same context, limits
 * and errors. Route handlers cannot take over a connection, so the server's own entry
 * (scripts/server.mjs) hands /graphql upgrades here (instrumentation.ts puts this in its reach).
 *
 * - **Who.** The session cookie comes with the upgrade; the headers a client would send over HTTP
 *   come as `connectionParams` (`authorization`, `x-account-id`, `x-language`, `signed`,
 *   `x-api-key`). Credentials that name no one close the socket with 4401; a workspace asked for
 *   that the caller is not (or no longer) a member of, with 4403. Every WS_SESSION_CHECK_MS
 *   (30 s) a connection signed in is checked again: a session ended or a membership lost closes it
 *   the same way.
 * - **From where.** A browser's upgrade must come from the app's own origin (or the host it asked
 *   for): another site's page gets 403 before any socket (a cookie would otherwise let it listen
 *   as the user). Clients that send no Origin (servers) authenticate with their headers.
 * - **What.** Subscriptions only: queries and mutations go over HTTP, where CSRF and the caller's
 *   share of the process apply. Messages are bounded (64 KiB).
 */

/** The HTTP headers a client may send as `connectionParams`, as it would over HTTP. */
const PARAM_HEADERS = new Set(["authorization", ACCOUNT_HEADER, LANGUAGE_HEADER, SIGNED_HEADER, API_KEY_HEADER, PUBLIC_API_KEY_HEADER]);
/** The upgrade request's own headers that say who and where from, as over HTTP. */
const UPGRADE_HEADERS = ["cookie", "user-agent", "accept-language", "x-forwarded-for", "x-real-ip"];

const SESSION_CHECK_MS = Number(process.env.WS_SESSION_CHECK_MS) || 30_000;
const MAX_PAYLOAD = 64 * 1024;

type Params = Record<string, unknown> | undefined;
type Ctx = { connectionParams?: Readonly<Params>; extra: Extra };

/** A WHATWG Request standing for the connection's HTTP request: what the context reads. */
function requestFor(upgrade: IncomingMessage, params: Params, signal?: AbortSignal): Request {
  const headers = new Headers();
  for (const name of UPGRADE_HEADERS) {
    const value = upgrade.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  for (const [key, value] of Object.entries(params ?? {})) {
    const name = key.toLowerCase();
    if (PARAM_HEADERS.has(name) && typeof value === "string" && value.length <= 8192) headers.set(name, value);
  }
  return new Request(`http://${upgrade.headers.host ?? "localhost"}/graphql`, { headers, signal });
}

/** 4401 when credentials name no one, 4403 when a workspace asked for is not the caller's; null when fine. */
function refusal(request: Request, ctx: ServiceContext): { code: number; reason: string } | null {
  if (sessionLike(request) && ctx.via === "anonymous") return { code: CloseCode.Unauthorized, reason: "Unauthorized" };
  const account = request.headers.get(ACCOUNT_HEADER);
  if (account && ctx.userId && ctx.accountId !== account) return { code: CloseCode.Forbidden, reason: "Forbidden" };
  return null;
}

/** The refusal of a connection by its credentials as they stand now (see `refusal`). */
const refusalOf = async (request: Request) => refusal(request, await buildContext(sourceFromRequest(request, { signedQuery: false })));

/** Credentials that should name someone: a bearer token, a signer's token, a key, a session cookie. */
const sessionLike = (request: Request) =>
  ["authorization", SIGNED_HEADER, API_KEY_HEADER, PUBLIC_API_KEY_HEADER].some((name) => request.headers.has(name)) ||
  parseCookies(request.headers.get("cookie")).has(sessionCookieName());

/** Whether an upgrade comes from the app's own pages (or from a client that is not a browser). */
export function originAllowed(upgrade: Pick<IncomingMessage, "headers">, app: string = appUrl()): boolean {
  const origin = upgrade.headers.origin;
  if (!origin) return true;
  try {
    const host = new URL(origin).host;
    return host === new URL(app).host || host === upgrade.headers.host;
  } catch {
    return false;
  }
}

type Envelope = { execute: (args: ExecutionArgs) => never; subscribe: (args: ExecutionArgs) => never };
type Connection = { timer?: NodeJS.Timeout; subscriptions: Map<string, AbortController> };

export type GraphQLWebSocket = {
  /** Takes over an upgrade request for /graphql (or refuses it). */
  handleUpgrade: (request: IncomingMessage, socket: Duplex, head: Buffer) => void;
  close: () => Promise<void>;
};

/** The WebSocket side of /graphql; one per process. */
export function graphqlWebSocket(options: { sessionCheckMs?: number } = {}): GraphQLWebSocket {
  const sessionCheckMs = options.sessionCheckMs ?? SESSION_CHECK_MS;
  const server = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD });
  const connections = new WeakMap<WebSocket, Connection>();
  const connectionOf = (socket: WebSocket) => {
    let connection = connections.get(socket);
    if (!connection) connections.set(socket, (connection = { subscriptions: new Map() }));
    return connection;
  };
  const endAll = (socket: WebSocket) => {
    const connection = connections.get(socket);
    if (!connection) return;
    clearInterval(connection.timer);
    for (const controller of connection.subscriptions.values()) controller.abort();
    connection.subscriptions.clear();
  };

  const disposable = serveGraphQLOverWebSocket<Params>(
    {
      onConnect: async (ctx: Ctx) => {
        const request = requestFor(ctx.extra.request, ctx.connectionParams as Params);
        const first = await refusalOf(request);
        if (first) {
          ctx.extra.socket.close(first.code, first.reason);
          return false;
        }
        const socket = ctx.extra.socket;
        socket.once("close", () => endAll(socket));
        if (sessionLike(request)) {
          // A session ended or a membership lost meanwhile closes the connection.
          const timer = setInterval(async () => {
            try {
              const again = await refusalOf(request);
              if (again) socket.close(again.code, again.reason);
            } catch {
              // The database is away for a moment: the next check decides.
            }
          }, sessionCheckMs);
          timer.unref();
          connectionOf(socket).timer = timer;
        }
        return true;
      },
      onSubscribe: async (ctx: Ctx, id: string, payload: SubscribePayload) => {
        const controller = new AbortController();
        const request = requestFor(ctx.extra.request, ctx.connectionParams as Params, controller.signal);
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({ request, params: payload });
        let document;
        try {
          document = parse(payload.query);
        } catch (error) {
          return [error instanceof GraphQLError ? error : new GraphQLError(String(error))];
        }
        const errors = validate(schema, document);
        if (errors.length) return errors;
        let contextValue: GraphQLContext;
        try {
          contextValue = (await contextFactory()) as GraphQLContext;
        } catch (error) {
          return [maskError(error, requestLocale(sourceFromRequest(request, { signedQuery: false }))) as GraphQLError];
        }
        if (getOperationAST(document, payload.operationName)?.operation !== "subscription")
          return [
            toGraphQLError(
              new AppError(AppErrorCode.SUBSCRIPTIONS_ONLY, { message: "Only subscriptions are served over WebSocket." }),
              contextValue.ctx.locale,
            ),
          ];
        connectionOf(ctx.extra.socket).subscriptions.set(id, controller);
        return {
          schema,
          document,
          operationName: payload.operationName,
          variableValues: payload.variables,
          contextValue,
          rootValue: { execute, subscribe },
        } as ExecutionArgs;
      },
      onComplete: (ctx: Ctx, id: string) => {
        const connection = connections.get(ctx.extra.socket);
        connection?.subscriptions.get(id)?.abort();
        connection?.subscriptions.delete(id);
      },
      // The envelope's own execute and subscribe (its plugins run), handed over by onSubscribe.
      execute: (args) => (args.rootValue as Envelope).execute(args),
      subscribe: (args) => (args.rootValue as Envelope).subscribe(args),
    },
    server,
    // A ping every 12 s keeps the connection through proxies that end idle ones, and finds dead clients.
    12_000,
  );

  return {
    handleUpgrade(request, socket, head) {
      if (!originAllowed(request)) {
        socket.end("HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
        return;
      }
      server.handleUpgrade(request, socket, head, (ws) => server.emit("connection", ws, request));
    },
    async close() {
      await disposable.dispose();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

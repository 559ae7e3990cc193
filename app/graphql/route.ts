import { yoga } from "@/lib/graphql/yoga";

type Handler = (request: Request) => Promise<Response>;
const handle = yoga.handleRequest as unknown as (request: Request, ctx: object) => Promise<Response>;

/** GraphQL over HTTP (lib/graphql/yoga.ts); subscriptions also over WebSocket (lib/graphql/ws.ts). */
export const GET: Handler = (request) => handle(request, {});
export const POST: Handler = (request) => handle(request, {});

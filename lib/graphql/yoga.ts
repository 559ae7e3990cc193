import { getOperationAST, GraphQLError } from "graphql";
import { createYoga, type Plugin } from "graphql-yoga";
import { buildContext, requestLocale, sourceFromRequest } from "@/lib/auth/get-request-context";
import { withRequestMemo } from "@/lib/auth/request-memo";
import { AppError, AppErrorCode, isAppError } from "@/lib/errors/app-error";
import type { GraphQLContext } from "./context";
import { maskError, toGraphQLError } from "./errors";
import { schema } from "./schema";
import { badInputPlugin } from "./bad-input-plugin";
import { callerBudgetPlugin } from "./caller-budget-plugin";
import { executionBudgetPlugin } from "./execution-budget-plugin";
import { introspectionPlugin } from "./introspection-plugin";
import { queryLimitsPlugin } from "./query-limits-plugin";
import { hasValidCsrf, needsCsrf } from "@/lib/http/csrf";

/** Mutations need the CSRF token (spec section 7); queries and subscriptions do not. */
const csrfForMutations: Plugin<GraphQLContext> = {
  onExecute({ args }) {
    const operation = getOperationAST(args.document, args.operationName);
    if (operation?.operation === "mutation" && !args.contextValue.csrfOk) {
      throw toGraphQLError(
        new AppError(AppErrorCode.CSRF_INVALID, { message: "Missing or invalid CSRF token." }),
        args.contextValue.ctx.locale,
      );
    }
  },
};

/** Expected failures carry code, type and message in the caller's language. */
const localizeErrors: Plugin<GraphQLContext> = {
  onExecute({ args }) {
    const locale = args.contextValue.ctx.locale;
    return {
      onExecuteDone({ result, setResult }) {
        if (Symbol.asyncIterator in result || !result.errors?.length) return;
        setResult({ ...result, errors: result.errors.map((error) => maskError(error, locale) as GraphQLError) });
      },
    };
  },
};

/**
 * A query or mutation works document visibility and roles out once (lib/auth/request-memo.ts).
 * Subscriptions do not pass here: their context lives as long as they do, so they ask every time.
 */
const requestMemo: Plugin<GraphQLContext> = {
  onExecute({ args, extendContext }) {
    const operation = getOperationAST(args.document, args.operationName);
    extendContext({ ctx: withRequestMemo(args.contextValue.ctx, { readOnly: operation?.operation === "query" }) });
  },
};

/** GraphQL answers are never cached. */
const noStore: Plugin = {
  onResponse({ response }) {
    response.headers.set("cache-control", "no-store");
  },
};

/**
 * The GraphQL server of /graphql: over HTTP (queries, mutations, subscriptions over SSE; the route
 * app/graphql/route.ts) and over WebSocket (subscriptions; lib/graphql/ws.ts), one envelope for both:
 * the same limits, context, errors.
 */
export const yoga = createYoga<{ request: Request }, GraphQLContext>({
  schema,
  graphqlEndpoint: "/graphql",
  // Node's own streams too: a ponyfill stream in a native Response is read through undici's
  // async-iterable adapter, which closes its stream in a microtask once the subscription ends,
  // throwing "ReadableStream is already closed" (uncaught) when the client had cancelled it first.
  fetchAPI: { Response, ReadableStream },
  graphiql: process.env.NODE_ENV !== "production",
  // badInputPlugin before localizeErrors (see its comment); it owns the body limit, answering 400.
  // queryLimitsPlugin refuses too big a request before the context is built (docs/api.md, "Limits");
  // introspectionPlugin and csrfForMutations refuse before execution; callerBudgetPlugin waits for
  // the caller's turn (its share of the process) or refuses; executionBudgetPlugin bounds the execution.
  plugins: [
    badInputPlugin(),
    queryLimitsPlugin(),
    introspectionPlugin(),
    csrfForMutations,
    requestMemo,
    callerBudgetPlugin(schema),
    executionBudgetPlugin(schema),
    localizeErrors,
    noStore,
  ],
  maxRequestBodySize: false,
  context: async ({ request }) => {
    // A link's token only in the `signed` header: never from a GET's address.
    const src = sourceFromRequest(request, { signedQuery: false });
    try {
      return { ctx: await buildContext(src), csrfOk: !needsCsrf(src) || hasValidCsrf(src) };
    } catch (error) {
      // A refusal before any field runs (too many unknown API keys): in the request's language.
      if (isAppError(error)) throw toGraphQLError(error, requestLocale(src));
      throw error;
    }
  },
  maskedErrors: {
    maskError: (error, _message, isDev) => {
      const masked = maskError(error, "en");
      if (isDev && !(masked instanceof GraphQLError)) console.error(error);
      return masked;
    },
  },
});

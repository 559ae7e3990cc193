import { GraphQLError } from "graphql";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";

/**
 * SECURITY-CRITICAL. The bounds of one GraphQL request (security issue 13; docs/api.md, "Limits").
 * Checked before execution (no resolver and no SQL runs for a refused request), except the last
 * two, which bound the execution itself. Each is several times what the app's own operations and
 * the tests' need (tests/unit/graphql/query-limits.test.ts measures them); raising one is a
 * security decision: say why next to it.
 */
export const QUERY_LIMITS = {
  /** Aliased fields per operation. The app sends none; a client batching a few lookups fits. */
  aliases: 15,
  /** Nested selections (armor's count; introspection's `__schema` not counted). The app's deepest is 4. */
  depth: 8,
  /** Lexical tokens of the whole document, counted while parsing. The app's longest is about 50. */
  tokens: 1000,
  /** Directives (@include, @skip…) per operation. The app sends none. */
  directives: 10,
  /**
   * The estimated number of fields resolved (lib/graphql/list-cost-rule.ts): a list's cost is its
   * `size`/`first`/`last` times its selection's. A 100-document page with every field of a
   * document and its tags costs about 12,000; the app's heaviest operation well under 100.
   */
  cost: 25_000,
  /** List items resolved by one request, counted as resolvers return them (the tags of 100 documents are 100 lists). */
  listItems: 10_000,
  /**
   * Milliseconds a query may execute (wall clock, from the start of execution). The heaviest
   * list the app serves takes about 150 ms at p99 with 10 callers (docs/benchmarks.md).
   * Mutations are not cut off: one that already wrote must not report a failure.
   */
  executionMs: 2_000,
} as const;

export type QueryLimit = keyof typeof QUERY_LIMITS;

/** The message's {reason}: `errors.reasons.<code>` in the caller's language. */
const REASONS: Record<QueryLimit, string> = {
  aliases: "queryAliases",
  depth: "queryDepth",
  tokens: "queryTokens",
  directives: "queryDirectives",
  cost: "queryCost",
  listItems: "queryListItems",
  executionMs: "queryTime",
};

/** QUERY_TOO_COMPLEX for `limit`; `found` when it is known (the token count stops at the limit). */
export function queryTooComplexError(limit: QueryLimit, max: number, found?: number): AppError {
  const counts = found === undefined ? { max } : { max, found };
  return new AppError(AppErrorCode.QUERY_TOO_COMPLEX, {
    message: `The request is over the ${limit} limit of ${max}${found === undefined ? "" : ` (found ${found})`}.`,
    details: { limit, ...counts, reason: { code: REASONS[limit], params: counts } },
  });
}

/** The AppError behind each refusal made before execution, to answer it in the caller's language. */
const refusals = new WeakMap<GraphQLError, AppError>();

/**
 * A refusal made while parsing or validating: a GraphQLError with the code in its extensions
 * (what the client reads even if nothing translates it) whose AppError `refusalOf` finds again.
 * Yoga caches parse and validation results, so the same object can answer later requests.
 */
export function queryTooComplex(limit: QueryLimit, max: number, found?: number): GraphQLError {
  const appError = queryTooComplexError(limit, max, found);
  const error = new GraphQLError(appError.message, { extensions: { code: appError.code, type: appError.type, details: appError.details } });
  refusals.set(error, appError);
  return error;
}

/** The AppError of a refusal made by `queryTooComplex`, if `error` is one. */
export const refusalOf = (error: GraphQLError): AppError | undefined => refusals.get(error);

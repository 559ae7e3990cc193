import { EnvelopArmorPlugin } from "@escape.tech/graphql-armor";
import type { GraphQLError } from "graphql";
import type { Plugin } from "graphql-yoga";
import type { GraphQLContext } from "@/lib/graphql/context";
import { localeOf, requestError } from "@/lib/graphql/bad-input-plugin";
import { listCostRule } from "@/lib/graphql/list-cost-rule";
import { QUERY_LIMITS, queryTooComplex, refusalOf, type QueryLimit } from "@/lib/graphql/query-limits";
import type { Locale } from "@/lib/i18n/locales";

/** graphql-armor's messages end in "found N." (not the token limit, which stops counting there). */
const foundIn = (message: string): number | undefined => {
  const found = /found (\d+)/.exec(message)?.[1];
  return found === undefined ? undefined : Number(found);
};

/**
 * Armor calls this before it would throw its own "Syntax Error: …" without a code: ours is thrown
 * instead, which also stops graphql-js's validation there, before its costlier rules (the
 * comparison of same-named fields is quadratic) see a huge document.
 */
const refuse = (limit: QueryLimit) => [
  (_context: unknown, error: GraphQLError) => {
    throw queryTooComplex(limit, QUERY_LIMITS[limit], foundIn(error.message));
  },
];

const isRefused = (result: { errors?: readonly GraphQLError[] }) => Boolean(result.errors?.some((error) => refusalOf(error)));

/** Refusals in a result, in the request's language (the user is not known yet: nothing ran). */
function localizeRefusals<R extends { errors?: readonly GraphQLError[] }>(result: R, locale: Locale): R {
  if (!result.errors || !isRefused(result)) return result;
  return {
    ...result,
    errors: result.errors.map((error) => {
      const refusal = refusalOf(error);
      return refusal ? requestError(refusal, locale, error) : error;
    }),
  };
}

/**
 * How long a refused request waits for its answer. Sending requests over the limits in a loop
 * then costs the process almost nothing: the refusal itself takes about 2 ms of CPU, and without
 * the wait two such loops took half the process (sign-in 3.7x slower, bench:graphql-limits).
 */
export const REFUSAL_DELAY_MS = Number(process.env.GRAPHQL_REFUSAL_DELAY_MS ?? 500);

/**
 * The limits of QUERY_LIMITS that hold before execution (security issue 13): tokens while parsing,
 * then aliases, depth and directives (graphql-armor) and the cost of lists (listCostRule, ours:
 * armor's cost limit does not know `size`) while validating. Over any of them the answer is a 400
 * with QUERY_TOO_COMPLEX and `details.limit`, before the context is built: no resolver and no SQL
 * runs. Field suggestions ("Did you mean …?") are hidden in production, where anonymous callers
 * cannot read the schema either (introspection-plugin.ts).
 */
export function queryLimitsPlugin(options: { refusalDelayMs?: number } = {}): Plugin<GraphQLContext> {
  const refusalDelayMs = options.refusalDelayMs ?? REFUSAL_DELAY_MS;
  const armor = EnvelopArmorPlugin({
    maxTokens: { n: QUERY_LIMITS.tokens, onReject: refuse("tokens") },
    maxAliases: { n: QUERY_LIMITS.aliases, onReject: refuse("aliases") },
    // Fragments do not make a query deeper; introspection's nesting is the schema's, not the data's.
    maxDepth: { n: QUERY_LIMITS.depth, flattenFragments: true, ignoreIntrospection: true, onReject: refuse("depth") },
    maxDirectives: { n: QUERY_LIMITS.directives, onReject: refuse("directives") },
    costLimit: { enabled: false },
    blockFieldSuggestion: { enabled: process.env.NODE_ENV === "production" },
  }) as Plugin<GraphQLContext>;
  const costRule = listCostRule(QUERY_LIMITS.cost);
  return {
    onPluginInit({ addPlugin }) {
      addPlugin(armor);
    },
    onValidate({ addValidationRule }) {
      addValidationRule(costRule);
    },
    onResultProcess({ request, result, setResult }) {
      if (Symbol.asyncIterator in result) return;
      const locale = localeOf(request);
      const results = Array.isArray(result) ? result : [result];
      setResult(Array.isArray(result) ? result.map((r) => localizeRefusals(r, locale)) : localizeRefusals(result, locale));
      // A refusal waits before it is sent: a client that sends such requests in a loop is slowed
      // to a few a second and leaves the process to everyone else (docs/api.md, "Limits").
      if (refusalDelayMs > 0 && results.some(isRefused)) return new Promise<void>((resolve) => setTimeout(resolve, refusalDelayMs));
    },
  };
}

import {
  defaultFieldResolver,
  getNullableType,
  getOperationAST,
  isListType,
  isObjectType,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLError,
  type GraphQLFieldResolver,
  type GraphQLSchema,
} from "graphql";
import type { Plugin } from "graphql-yoga";
import type { GraphQLContext } from "@/lib/graphql/context";
import { toGraphQLError } from "@/lib/graphql/errors";
import { QUERY_LIMITS, queryTooComplexError } from "@/lib/graphql/query-limits";

/** What one execution may still spend. */
type Budget = {
  controller: AbortController;
  items: number;
  maxItems: number;
  refuse: (limit: "listItems" | "executionMs", max: number) => GraphQLError;
};

/** The budget of each execution, by its context object (one per request). */
const budgets = new WeakMap<object, Budget>();

const COUNTED = Symbol.for("covenant.graphql.countsListItems");

const isPromiseLike = (value: unknown): value is PromiseLike<unknown> => typeof (value as PromiseLike<unknown> | null)?.then === "function";

/** Adds a list's items to the budget; past it, ends the whole execution (not only this field). */
function take(budget: Budget, items: unknown): unknown {
  if (!Array.isArray(items)) return items;
  budget.items += items.length;
  if (budget.items > budget.maxItems) {
    const error = budget.refuse("listItems", budget.maxItems);
    budget.controller.abort(error);
    throw error;
  }
  return items;
}

/**
 * Wraps, once and in place, the resolver of every list field of the schema to count the items it
 * returns against the request's budget. A wrapper around the resolver Pothos built, so the
 * schema files stay as they are; outside an execution with a budget it only passes through.
 */
function countListItems(schema: GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__")) continue;
    for (const field of Object.values(type.getFields())) {
      if (!isListType(getNullableType(field.type))) continue;
      const resolve: GraphQLFieldResolver<unknown, object> = field.resolve ?? defaultFieldResolver;
      if ((resolve as { [COUNTED]?: boolean })[COUNTED]) continue;
      const counted: GraphQLFieldResolver<unknown, object> = (source, args, context, info) => {
        const budget = budgets.get(context);
        const result = resolve(source, args, context, info);
        if (!budget) return result;
        return isPromiseLike(result) ? Promise.resolve(result).then((items) => take(budget, items)) : take(budget, result);
      };
      Object.assign(counted, { [COUNTED]: true });
      field.resolve = counted;
    }
  }
}

/**
 * A time and size budget per GraphQL execution (security issue 13), after the limits checked
 * before it (query-limits-plugin.ts), which bound what a request may ask for but not what it
 * gets back from lists without a size (a document's tags) or how long the database takes:
 * - a deadline: a query's execution is given an AbortSignal that fires after `timeoutMs`. The
 *   executor checks it before every field and stops waiting for pending ones, so the request
 *   answers QUERY_TOO_COMPLEX (limit "executionMs") at the deadline and resolves nothing more;
 *   a SQL query already sent finishes on its own (every one is bounded by a page size).
 *   Mutations get no deadline: one that already wrote must not answer as failed;
 * - a cap on the list items resolved per request (`maxListItems`, limit "listItems"), counted as
 *   list resolvers return, which also ends the execution through the same signal.
 * The answer is `data: null` with that one error, in the caller's language.
 */
export function executionBudgetPlugin(
  schema: GraphQLSchema,
  {
    timeoutMs = Number(process.env.GRAPHQL_TIMEOUT_MS) || QUERY_LIMITS.executionMs,
    maxListItems = QUERY_LIMITS.listItems,
  }: { timeoutMs?: number; maxListItems?: number } = {},
): Plugin<GraphQLContext> {
  countListItems(schema);
  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      const operation = getOperationAST(args.document, args.operationName);
      if (!operation || operation.operation === "subscription") return;
      const locale = args.contextValue.ctx.locale;
      const controller = new AbortController();
      const refuse = (limit: "listItems" | "executionMs", max: number) => toGraphQLError(queryTooComplexError(limit, max), locale);
      const budget: Budget = { controller, items: 0, maxItems: maxListItems, refuse };
      const context = args.contextValue;
      setExecuteFn(async (executionArgs: ExecutionArgs) => {
        budgets.set(context, budget);
        const timer =
          operation.operation === "query" ? setTimeout(() => controller.abort(refuse("executionMs", timeoutMs)), timeoutMs) : undefined;
        try {
          const result = (await executeFn({ ...executionArgs, signal: controller.signal } as ExecutionArgs)) as ExecutionResult;
          // Also when a field caught the abort as its own error and execution went on without it.
          return controller.signal.aborted ? { data: null, errors: [controller.signal.reason as GraphQLError] } : result;
        } catch (error) {
          if (controller.signal.aborted) return { data: null, errors: [controller.signal.reason as GraphQLError] };
          throw error;
        } finally {
          clearTimeout(timer);
          budgets.delete(context);
        }
      });
    },
  };
}

import { getOperationAST, GraphQLError, Kind, type DocumentNode, type FragmentDefinitionNode, type GraphQLSchema } from "graphql";
import type { Plugin } from "graphql-yoga";
import { isAppError } from "@/lib/errors/app-error";
import type { GraphQLContext } from "@/lib/graphql/context";
import { toGraphQLError } from "@/lib/graphql/errors";
import { operationCost } from "@/lib/graphql/list-cost-rule";
import { CallerBudget, callerKey } from "./caller-budget";

/** Each document's cost by operation name: Yoga hands the same parsed document to every request that sends it. */
const costs = new WeakMap<DocumentNode, Map<string, number>>();

function costOf(schema: GraphQLSchema, document: DocumentNode, operationName?: string | null): number {
  let byName = costs.get(document);
  if (!byName) costs.set(document, (byName = new Map()));
  const name = operationName ?? "";
  let cost = byName.get(name);
  if (cost === undefined) {
    const operation = getOperationAST(document, operationName);
    const fragments = new Map(
      document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
    );
    cost = operation ? operationCost(schema, operation, (fragment) => fragments.get(fragment)) : 0;
    byName.set(name, cost);
  }
  return cost;
}

/**
 * Each caller's share of this process (lib/graphql/caller-budget.ts): a query or mutation waits
 * for its caller's turn before it executes (so the execution's own time budget starts after the
 * wait), or is answered TOO_MANY_REQUESTS (429, Retry-After) when the wait would be too long.
 * Subscriptions do not pass here: they cost nothing until an event comes.
 */
export function callerBudgetPlugin(schema: GraphQLSchema, budget = new CallerBudget()): Plugin<GraphQLContext> {
  return {
    async onExecute({ args, executeFn, setExecuteFn, setResultAndStopExecution }) {
      const { ctx } = args.contextValue;
      const signal = (args.contextValue as { request?: Request }).request?.signal;
      let release: () => void;
      try {
        release = await budget.take(callerKey(ctx), costOf(schema, args.document, args.operationName), signal);
      } catch (error) {
        const refusal = isAppError(error) ? toGraphQLError(error, ctx.locale) : new GraphQLError("The request was given up.");
        return setResultAndStopExecution({ errors: [refusal] });
      }
      setExecuteFn(async (executionArgs) => {
        try {
          return await executeFn(executionArgs);
        } finally {
          release();
        }
      });
      // Also when a later plugin answers without executing (release is idempotent).
      return { onExecuteDone: () => release() };
    },
  };
}

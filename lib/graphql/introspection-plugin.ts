import { getOperationAST, Kind, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode } from "graphql";
import type { Plugin } from "graphql-yoga";
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import type { GraphQLContext } from "@/lib/graphql/context";
import { toGraphQLError } from "@/lib/graphql/errors";

/**
 * SECURITY-CRITICAL. Who may read the schema through `__schema` / `__type` (security issue 13):
 * anyone in development and tests, only a signed-in user or API token in production. A function
 * of the environment so that both cases are testable. `npm run graphql:print` prints from the
 * schema object and does not go through here; `__typename` is always allowed.
 */
export function mayIntrospect(ctx: Pick<ServiceContext, "userId">, nodeEnv: string | undefined = process.env.NODE_ENV): boolean {
  return nodeEnv !== "production" || ctx.userId !== null;
}

const SCHEMA_FIELDS = new Set(["__schema", "__type"]);

/** Whether the operation reads the schema: `__schema` or `__type` at its root, fragments included. */
export function readsSchema(document: DocumentNode, operationName?: string | null): boolean {
  const operation = getOperationAST(document, operationName);
  if (!operation) return false;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const seen = new Set<string>();
  const visit = (selectionSet: SelectionSetNode): boolean =>
    selectionSet.selections.some((selection) => {
      if (selection.kind === Kind.FIELD) return SCHEMA_FIELDS.has(selection.name.value);
      if (selection.kind === Kind.INLINE_FRAGMENT) return visit(selection.selectionSet);
      const fragment = fragments.get(selection.name.value);
      if (!fragment || seen.has(fragment.name.value)) return false;
      seen.add(fragment.name.value);
      return visit(fragment.selectionSet);
    });
  return visit(operation.selectionSet);
}

/**
 * Refuses introspection to anonymous callers in production with UNAUTHENTICATED, when the
 * context is known and before anything executes.
 */
export function introspectionPlugin(): Plugin<GraphQLContext> {
  return {
    onExecute({ args }) {
      const { ctx } = args.contextValue;
      if (mayIntrospect(ctx) || !readsSchema(args.document, args.operationName)) return;
      throw toGraphQLError(new AppError(AppErrorCode.UNAUTHENTICATED, { message: "Sign in to read the schema." }), ctx.locale);
    },
  };
}

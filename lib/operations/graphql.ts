import type { z } from "zod";
import type { ServiceContext } from "@/lib/auth/context";
import { runOperation, type Operation, type PrismaQuery } from "./operation";

/**
 * GraphQL gives absent arguments as null or undefined, and ids as strings or numbers: the
 * declarations' zod schemas want absent fields left out and ids as strings.
 */
export function graphqlInput(args: Record<string, unknown>, idFields: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (value === null || value === undefined) continue;
    if (idFields.includes(key)) out[key] = Array.isArray(value) ? value.map(String) : String(value);
    else if (typeof value === "object" && !Array.isArray(value)) out[key] = graphqlInput(value as Record<string, unknown>, idFields);
    else out[key] = value;
  }
  return out;
}

type Context = { ctx: ServiceContext };

/** What a resolver built here runs: the schema test compares each field with its declaration. */
const DECLARED = Symbol.for("covenant.graphql.declaration");
export type DeclaredResolver = { operation: Operation; customInput: boolean };

/** The declaration a field's resolver runs, if it was built by resolveOperation or resolvePrismaOperation. */
export const declarationOf = (resolve: unknown): DeclaredResolver | undefined =>
  typeof resolve === "function" ? (resolve as { [DECLARED]?: DeclaredResolver })[DECLARED] : undefined;

/** The GraphQL extension naming the declaration a field built from one runs (lib/graphql/from-declarations.ts). */
export const DECLARATION_EXTENSION = "declaration";

const declared = <F extends object>(resolve: F, operation: Operation, customInput: boolean): F =>
  Object.assign(resolve, { [DECLARED]: { operation, customInput } });

/**
 * The resolver of a GraphQL field backed by a declared operation: its arguments become the
 * operation's input (`toInput`, by default the arguments with ids as strings), and runOperation
 * checks the caller and validates it exactly as the REST route does.
 */
export function resolveOperation<I extends z.ZodType, O extends z.ZodType, R, T = R>(
  operation: Operation<I, O, R>,
  toInput?: ((args: Record<string, unknown>) => unknown) | null,
  /** The part of the result the GraphQL field answers, when it is not all of it (`[ID]` for `{ ids }`). */
  pick?: (result: R) => T,
) {
  return declared(
    async (_root: unknown, args: Record<string, unknown>, { ctx }: Context): Promise<T> => {
      const result = await runOperation(operation, ctx, toInput ? toInput(args) : graphqlInput(args, operation.ids ?? []));
      return pick ? pick(result) : (result as unknown as T);
    },
    operation as unknown as Operation,
    Boolean(toInput),
  );
}

/** The same for a Pothos `prismaField`, whose selection is handed to the service. */
export function resolvePrismaOperation<I extends z.ZodType, O extends z.ZodType, R>(
  operation: Operation<I, O, R>,
  toInput?: (args: Record<string, unknown>) => unknown,
) {
  return declared(
    (query: PrismaQuery, _root: unknown, args: Record<string, unknown>, { ctx }: Context) =>
      runOperation(operation, ctx, toInput ? toInput(args) : graphqlInput(args, operation.ids ?? []), query),
    operation as unknown as Operation,
    Boolean(toInput),
  );
}

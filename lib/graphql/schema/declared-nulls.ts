import type { z } from "zod";
import { DECLARATION_EXTENSION, graphqlInput, resolveOperation, resolvePrismaOperation } from "@/lib/operations/graphql";
import type { Operation } from "@/lib/operations/operation";

/**
 * A null that means something, for fields built by lib/graphql/from-declarations.ts: graphqlInput
 * leaves every null argument out (absent), but where the declaration's input takes null, null is
 * a value (a relation's `tag: null` clears it, a link's `expiredAt: null` makes it never expire,
 * an approver's `message: null` takes it away), as it is over REST.
 */

/** The input's top-level fields that accept null. */
function nullableKeys(operation: Operation): string[] {
  const shape = (operation.input as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  return Object.entries(shape)
    .filter(([, schema]) => schema.safeParse(null).success)
    .map(([key]) => key);
}

/** The arguments as graphqlInput gives them, with the nulls of the fields that accept null kept. */
function keepingNulls(operation: Operation, nullable: readonly string[]) {
  return (args: Record<string, unknown>) => {
    const input = graphqlInput(args, operation.ids ?? []);
    for (const key of nullable) if (args[key] === null) input[key] = null;
    return input;
  };
}

type FieldOptions = { extensions?: Record<string, unknown> } & Record<string, unknown>;
type FieldBuilder = { field: (options: never) => unknown; prismaField?: (options: never) => unknown };

/**
 * Pothos's field builder for declaredFields: a field of one of `operations` whose input takes a
 * null gets a resolver that keeps it (the declaration found by the field's extension). For fields
 * answering the whole output (or a Prisma object): a field picking part of it keeps its own.
 */
export function keepingDeclaredNulls<T extends FieldBuilder>(t: T, operations: readonly Operation[]): T {
  const byName = new Map(operations.map((operation) => [operation.name, operation]));
  return new Proxy(t, {
    get(target, key, receiver) {
      if (key !== "field" && key !== "prismaField") return Reflect.get(target, key, receiver) as unknown;
      const build = (target[key] as (options: never) => unknown).bind(target);
      return (options: FieldOptions) => {
        const operation = byName.get(options.extensions?.[DECLARATION_EXTENSION] as string);
        const nullable = operation ? nullableKeys(operation) : [];
        if (!operation || !nullable.length) return build(options as never);
        const toInput = keepingNulls(operation, nullable);
        const resolve = key === "prismaField" ? resolvePrismaOperation(operation, toInput) : resolveOperation(operation, toInput);
        return build({ ...options, resolve } as never);
      };
    },
  });
}

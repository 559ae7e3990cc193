import { graphqlInput } from "@/lib/operations/graphql";

/**
 * What the fields of templates and folders need beside lib/graphql/from-declarations.ts.
 *
 * Some inputs take a null that means something: a folder's `parentId: null` is the top level, a
 * template's `categoryId: null` takes its category away. keepingNulls gives the arguments as
 * graphqlInput does (absent ones left out, ids as strings) but keeps the nulls of `nullable`; the
 * keys of `inside` (the spec's `data` argument) join the input as its own.
 */
export function keepingNulls(ids: readonly string[], nullable: readonly string[], inside?: string) {
  return (args: Record<string, unknown>) => {
    const { [inside ?? ""]: nested, ...rest } = args;
    const flat = { ...rest, ...(inside && nested && typeof nested === "object" ? (nested as Record<string, unknown>) : {}) };
    const input = graphqlInput(flat, ids);
    for (const key of nullable) if (flat[key] === null) input[key] = null;
    return input;
  };
}

type FieldOptions = Record<string, unknown> & { args: Record<string, unknown> };
type FieldBuilder = { field: (options: never) => unknown; prismaField?: (options: never) => unknown };

/**
 * Pothos's field builder, whose `field` and `prismaField` receive their options through `adjust`:
 * declaredField builds the field's arguments, type, description and extensions from the
 * declaration, and `adjust` changes what the declaration cannot say (its own resolver, with its
 * way from arguments to input; an upload's `File` argument in place of `files`).
 */
export function adjusting<T extends FieldBuilder>(t: T, adjust: (options: FieldOptions) => FieldOptions): T {
  return new Proxy(t, {
    get(target, key, receiver) {
      if (key === "field" || key === "prismaField")
        return (options: FieldOptions) => (target[key] as (options: never) => unknown).call(target, adjust(options) as never);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

/** The same, for a field that only runs its own resolver. */
export const resolvingWith = <T extends FieldBuilder>(t: T, resolve: unknown) => adjusting(t, (options) => ({ ...options, resolve }));

/** A Pothos argument made optional (the `data` of declaredField is required, even when all its fields are optional). */
export function optionalArgument<A>(arg: A): A {
  (arg as { updateConfig: (update: (config: { type: object }) => object) => void }).updateConfig((config) => ({
    ...config,
    type: { ...config.type, required: false },
  }));
  return arg;
}

import type { z } from "zod";
import type { Operation } from "@/lib/operations/operation";
import { DECLARATION_EXTENSION, graphqlInput, resolveOperation, resolvePrismaOperation } from "@/lib/operations/graphql";
import { builder } from "./builder";

/**
 * GraphQL fields built from the operation declarations (issue 38, item 1): a declaration's zod
 * input gives the field's arguments (`data`-less, by the input's own names), its zod output the
 * result type, its enums GraphQL enums, its description the field's. The domain's schema file
 * names the object types (`names`: the zod schema and the GraphQL name it has) and the enums
 * (`enums`: their values and name); an object without a name is named after its parent and field.
 * What cannot follow from a declaration (files, a result picked from the output) stays written by
 * hand beside it. tests/unit/graphql/declaration-drift.test.ts compares every field with its
 * declaration.
 */
export type Naming = {
  /** Object schemas and their GraphQL names: the same zod object is one GraphQL type wherever it appears. */
  names: ReadonlyMap<z.ZodType, string>;
  /** Enums by their values (`a|b`), and their GraphQL names, or the enum itself where one is written by hand. */
  enums: Readonly<Record<string, string | object>>;
};

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const WRAPPERS = ["optional", "nullable", "default", "prefault", "readonly", "catch"];
/** The wrappers that let a value be absent: on input a default too (the caller may leave it out); on output only these. */
const ABSENT = { input: ["optional", "nullable", "default", "prefault"], output: ["optional", "nullable"] };

/** The schema under its optional, nullable and default wrappers, and whether any of them lets it be absent. */
function unwrap(schema: z.ZodType, side: "input" | "output"): { inner: z.ZodType; optional: boolean } {
  let optional = false;
  for (let current = schema; ;) {
    const def = defOf(current);
    if (WRAPPERS.includes(def.type)) {
      optional ||= ABSENT[side].includes(def.type);
      current = def.innerType as z.ZodType;
    } else if (def.type === "pipe") current = (side === "input" ? def.in : def.out) as z.ZodType;
    else if (def.type === "lazy") current = (def.getter as () => z.ZodType)();
    else return { inner: current, optional };
  }
}

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
/** Fields named like ids that are not a record's id: a tax number, a card token from the payment form. */
const NOT_IDS = new Set(["taxId", "tokenId"]);
/** A record's id, or a list of them, by its name: `id`, `…Id`, `…Ids`. */
const isIdKey = (key: string) => !NOT_IDS.has(key) && (key === "id" || /Ids?$/.test(key));

// Built once per GraphQL name for the whole schema.
const built = new Map<string, unknown>();

function enumRef(values: readonly string[], naming: Naming, hint: string) {
  const named = naming.enums[values.join("|")];
  if (typeof named === "object") return named;
  const name = named ?? `${hint}Value`;
  let ref = built.get(name);
  if (!ref) {
    ref = builder.enumType(name, { values: values as [string, ...string[]] });
    built.set(name, ref);
  }
  return ref;
}

type GraphQLTypeOf = { type: unknown; nullable: boolean };

/** The GraphQL scalar of a leaf schema (ids by their key), an enum built once, or null for a list or an object. */
function leafType(inner: z.ZodType, def: Def, naming: Naming, hint: string, key: string): unknown {
  switch (def.type) {
    case "string":
      return isIdKey(key) ? "ID" : "String";
    case "number":
      return (inner as unknown as { isInt: boolean }).isInt ? "Int" : "Float";
    case "boolean":
      return "Boolean";
    case "date":
      return "DateTime";
    case "enum":
      return enumRef(Object.values(def.entries as Record<string, string>), naming, hint);
    case "array":
    case "object":
      return null;
    default:
      return "JSON";
  }
}

/** The GraphQL output type of a zod schema (named objects and enums built once). */
function outputType(schema: z.ZodType, naming: Naming, hint: string, key = ""): GraphQLTypeOf {
  const { inner, optional } = unwrap(schema, "output");
  const def = defOf(inner);
  const nullable = optional;
  if (def.type === "array") return { type: [outputType(def.element as z.ZodType, naming, hint, key).type], nullable };
  if (def.type === "object") return { type: objectRef(inner, naming, hint), nullable };
  return { type: leafType(inner, def, naming, hint, key), nullable };
}

function objectRef(schema: z.ZodType, naming: Naming, hint: string) {
  const name = naming.names.get(schema) ?? hint;
  const known = built.get(name);
  if (known) return known;
  const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType>;
  const objectType = builder.objectRef<Record<string, unknown>>(name);
  built.set(name, objectType);
  objectType.implement({
    description: (schema as z.ZodType).description,
    fields: (t) =>
      Object.fromEntries(
        Object.entries(shape).map(([key, field]) => {
          const { type, nullable } = outputType(field, naming, `${name}${capitalized(key)}`, key);
          return [
            key,
            t.field({
              type: type as never,
              nullable: nullable as never,
              description: field.description,
              resolve: (parent) => parent[key] as never,
            }),
          ];
        }),
      ),
  });
  return objectType;
}

/** The GraphQL input type of a zod schema. */
function inputType(schema: z.ZodType, naming: Naming, hint: string, key = ""): { type: unknown; required: boolean } {
  const { inner, optional } = unwrap(schema, "input");
  const def = defOf(inner);
  const required = !optional;
  switch (def.type) {
    case "array":
      return { type: [inputType(def.element as z.ZodType, naming, hint, key).type], required };
    case "object": {
      const named = naming.names.get(inner);
      const name = named ? `${named}Input` : `${hint}Input`;
      let ref = built.get(name);
      if (!ref) {
        const shape = (inner as z.ZodObject).shape as Record<string, z.ZodType>;
        const input = builder.inputRef<Record<string, unknown>>(name);
        built.set(name, input);
        input.implement({
          fields: (t) =>
            Object.fromEntries(
              Object.entries(shape).map(([field, schema]) => {
                const { type, required } = inputType(schema, naming, `${name.replace(/Input$/, "")}${capitalized(field)}`, field);
                return [field, t.field({ type: type as never, required, description: schema.description })];
              }),
            ),
        });
        ref = input;
      }
      return { type: ref, required };
    }
    default:
      return { type: leafType(inner, def, naming, hint, key), required };
  }
}

/** The GraphQL type of a declaration's output, for a field written by hand (an upload's). */
export const declaredOutput = (operation: Operation, naming: Naming, name: string) => outputType(operation.output, naming, name);

/** How one declared field departs from what its declaration gives by default. */
export type DeclaredFieldOptions = {
  /** The name of its result type when the output is an object not named in `naming`. */
  type?: string;
  /**
   * A result type written by hand (an object with relation fields, e.g. a `prismaObject`'s name or
   * ref, or a list of one): the drift test checks it has every field of the declaration's output.
   */
  ref?: unknown;
  /** The result is a Prisma object: the field is a `prismaField`, whose selection reaches the service (relations in one statement). */
  prisma?: boolean;
  /** Whether the result may be null, when `ref` is given (the output's own optionality otherwise). */
  nullable?: boolean;
  /**
   * The spec's `data` argument (createTemplate(data, file), sendApprovalMessage(data, approvalId)):
   * the input's fields other than `outside` travel in one input object named `data`, and reach
   * the declaration as its own fields again. `name` names that argument when the spec calls it
   * otherwise (folders(group, where.parent): `where`).
   */
  data?: { outside: readonly string[]; name?: string };
  /** A result that is one part of the output (`documentsCount: Int` answers `total`): its GraphQL type and how to pick it. */
  pick?: { type: unknown; from: (result: never) => unknown; nullable?: boolean };
};

/** The arguments of a declared operation: its input's fields by their names, those not `outside` in one `data` object when asked. */
function declaredArgs(t: { arg: (options: never) => unknown }, operation: Operation, naming: Naming, data?: DeclaredFieldOptions["data"]) {
  const input = unwrap(operation.input, "input").inner;
  const shape = defOf(input).type === "object" ? ((input as z.ZodObject).shape as Record<string, z.ZodType>) : {};
  const argOf = (key: string, schema: z.ZodType) => {
    const arg = inputType(schema, naming, `${capitalized(operation.name)}${capitalized(key)}`, operation.ids?.includes(key) ? "id" : key);
    return t.arg({ type: arg.type, required: arg.required, description: schema.description } as never);
  };
  if (!data) return Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, argOf(key, schema)]));
  const outside = Object.entries(shape).filter(([key]) => data.outside.includes(key));
  const inside = (input as z.ZodObject).omit(Object.fromEntries(data.outside.map((key) => [key, true])) as never);
  const { type, required } = inputType(inside, naming, `${capitalized(operation.name)}${capitalized(data.name ?? "data")}`);
  return {
    ...Object.fromEntries(outside.map(([key, schema]) => [key, argOf(key, schema)])),
    [data.name ?? "data"]: t.arg({ type, required } as never),
  };
}

/**
 * The input of a declared field from its arguments: the `data` argument's fields (when it has one)
 * joined to the others, absent ones and nulls left out, ids as strings (graphqlInput), except a null
 * given to a field whose schema takes null: that null is a value (a detail cleared, the top level, a
 * link that never expires), as it is over REST.
 */
const declaredInput = (operation: Operation, dataName?: string) => {
  const input = unwrap(operation.input, "input").inner;
  const shape = defOf(input).type === "object" ? ((input as z.ZodObject).shape as Record<string, z.ZodType>) : {};
  const takesNull = Object.entries(shape)
    .filter(([, schema]) => schema.safeParse(null).success)
    .map(([key]) => key);
  return (args: Record<string, unknown>) => {
    const { [dataName ?? ""]: data, ...rest } = args;
    const flat = dataName ? { ...rest, ...((data as Record<string, unknown> | null) ?? {}) } : args;
    const out = graphqlInput(flat, operation.ids ?? []);
    for (const key of takesNull) if (flat[key] === null) out[key] = null;
    return out;
  };
};

/**
 * The field of a declared operation: its arguments, result type, description and resolver follow
 * from the declaration (`options` for a result type written by hand). Its GraphQL extensions name
 * the declaration, so the drift test finds it whatever wraps the resolver.
 */
export function declaredField(
  // Pothos's field builder of Query or Mutation.
  t: { field: (options: never) => unknown; arg: (options: never) => unknown; prismaField?: (options: never) => unknown },
  operation: Operation,
  naming: Naming,
  options: DeclaredFieldOptions = {},
) {
  const given = options.pick ?? (options.ref === undefined ? null : { type: options.ref, nullable: options.nullable });
  const output = given ? null : outputType(operation.output, naming, options.type ?? capitalized(operation.name));
  const common = {
    type: output ? output.type : given!.type,
    nullable: output ? output.nullable : (given!.nullable ?? unwrap(operation.output, "output").optional),
    description: operation.description,
    args: declaredArgs(t, operation, naming, options.data),
    extensions: { [DECLARATION_EXTENSION]: operation.name },
  };
  const toInput = declaredInput(operation, options.data ? (options.data.name ?? "data") : undefined);
  if (options.prisma) return t.prismaField!({ ...common, resolve: resolvePrismaOperation(operation, toInput) } as never);
  return t.field({ ...common, resolve: resolveOperation(operation, toInput, options.pick?.from as never) } as never);
}

/** The fields of several declarations, for `builder.queryFields` or `mutationFields`; `types` names their result types where `naming` does not. */
export function declaredFields(
  t: Parameters<typeof declaredField>[0],
  operations: readonly Operation[],
  naming: Naming,
  types: Readonly<Record<string, string | DeclaredFieldOptions>> = {},
) {
  // Pothos types a field map by its fields' refs, which are built here at run time.
  return Object.fromEntries(
    operations.map((operation) => {
      const options = types[operation.name];
      return [operation.name, declaredField(t, operation, naming, typeof options === "string" ? { type: options } : options)];
    }),
  ) as Record<string, never>;
}

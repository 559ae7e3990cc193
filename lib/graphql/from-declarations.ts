import { queryFromInfo } from "@pothos/plugin-prisma";
import type { GraphQLResolveInfo } from "graphql";
import { z } from "zod";
import type { ServiceContext } from "@/lib/auth/context";
import type { UploadedFile } from "@/lib/files/upload-limits";
import { runOperation, type Operation, type PrismaQuery } from "@/lib/operations/operation";
import { builder, uploadedFile } from "./builder";

const zObject = (shape: Record<string, z.ZodType>) => z.object(shape);

/** The GraphQL extension naming the declaration a field runs (tests/unit/graphql/declaration-drift.test.ts reads it). */
export const DECLARATION_EXTENSION = "declaration";
/** The extension saying what a declared field gives itself (`fixed` input fields), whether it answers a part picked from the output, and whether its type is shared (`sharedRef`). */
export const DECLARATION_OPTIONS_EXTENSION = "declarationOptions";

/**
 * GraphQL fields built from the operation declarations (issue 38, item 1): a declaration's zod
 * input gives the field's arguments (`data`-less, by the input's own names), its zod output the
 * result type, its enums GraphQL enums, its description the field's. The domain's schema file
 * names the object types (`names`: the zod schema and the GraphQL name it has) and the enums
 * (`enums`: their values and name); an object without a name is named after its parent and field.
 * What a declaration cannot say (an upload's File arguments, a result written by hand or picked
 * from the output, input the field gives itself) is a DeclaredFieldOptions of the field.
 * tests/unit/graphql/declaration-drift.test.ts compares every field with its declaration.
 */
export type Naming = {
  /** Object schemas and their GraphQL names: the same zod object is one GraphQL type wherever it appears. */
  names: ReadonlyMap<z.ZodType, string>;
  /** Enums by their values (`a|b`), and their GraphQL names, or the enum itself where one is written by hand. */
  enums: Readonly<Record<string, string | object>>;
  /** Input objects by their exact GraphQL names (others are named `…Input` after their object's name or their place). */
  inputs?: ReadonlyMap<z.ZodType, string>;
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

/** A schema's description, or that of the schema it wraps (`.describe()` then `.partial()` keeps it on the inner one). */
function descriptionOf(schema: z.ZodType): string | undefined {
  for (let current: z.ZodType | undefined = schema; current;) {
    if (current.description) return current.description;
    const def = defOf(current);
    current = WRAPPERS.includes(def.type) ? (def.innerType as z.ZodType) : undefined;
  }
  return undefined;
}

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
/** Fields named like ids that are not a record's id: a tax number, a card token from the payment form. */
const NOT_IDS = new Set(["taxId", "tokenId"]);
/** A record's id, or a list of them, by its name: `id`, `…Id`, `…Ids`. */
const isIdKey = (key: string) => !NOT_IDS.has(key) && (key === "id" || /Ids?$/.test(key));

// Built once per GraphQL name for the whole schema.
const built = new Map<string, unknown>();

/** Whether each value can be a GraphQL enum value's name (a language such as "pt-br" cannot). */
export const nameableValues = (values: readonly string[]) => values.every((value) => /^[_A-Za-z][_0-9A-Za-z]*$/.test(value));

/** The GraphQL enum of a zod enum, built once; a String where a value cannot be a GraphQL name. */
function enumRef(values: readonly string[], naming: Naming, hint: string) {
  if (!nameableValues(values)) return "String";
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
              description: descriptionOf(field),
              resolve: (parent) => parent[key] as never,
            }),
          ];
        }),
      ),
  });
  return objectType;
}

/** The GraphQL input type of a zod schema; `ids` are the declaration's fields that are ids whatever their names. */
function inputType(
  schema: z.ZodType,
  naming: Naming,
  hint: string,
  key = "",
  ids: readonly string[] = [],
): { type: unknown; required: boolean } {
  const { inner, optional } = unwrap(schema, "input");
  const def = defOf(inner);
  const required = !optional;
  switch (def.type) {
    case "array":
      return { type: [inputType(def.element as z.ZodType, naming, hint, key, ids).type], required };
    case "object": {
      const named = naming.names.get(inner);
      const name = naming.inputs?.get(inner) ?? (named ? `${named}Input` : `${hint}Input`);
      let ref = built.get(name);
      if (!ref) {
        const shape = (inner as z.ZodObject).shape as Record<string, z.ZodType>;
        const input = builder.inputRef<Record<string, unknown>>(name);
        built.set(name, input);
        input.implement({
          fields: (t) =>
            Object.fromEntries(
              Object.entries(shape).map(([field, schema]) => {
                const { type, required } = inputType(schema, naming, `${name.replace(/Input$/, "")}${capitalized(field)}`, field, ids);
                return [field, t.field({ type: type as never, required, description: descriptionOf(schema) })];
              }),
            ),
        });
        ref = input;
      }
      return { type: ref, required };
    }
    default:
      return { type: leafType(inner, def, naming, hint, ids.includes(key) ? "id" : key), required };
  }
}

/** The GraphQL type of a declaration's output, for a field written by hand (an upload's). */
export const declaredOutput = (operation: Operation, naming: Naming, name: string) => outputType(operation.output, naming, name);

/** Pothos's argument builder (`t.arg`), as the options below receive it. */
type ArgBuilder = ((options: never) => unknown) & Record<string, (options?: never) => unknown>;
type Context = { ctx: ServiceContext };

/** How one declared field departs from what its declaration gives by default. */
export type DeclaredFieldOptions = {
  /** The name of its result type when the output is an object not named in `naming`. */
  type?: string;
  /**
   * A result type written by hand (an object with relation fields, e.g. a `prismaObject`'s name or
   * ref, or a list of one): the drift test checks it has every field of the declaration's output.
   */
  ref?: unknown;
  /**
   * The `ref` type is also what callers who see less get (a User is another user too, whose own
   * fields are null): a field the output always has may be nullable in it.
   */
  sharedRef?: boolean;
  /** The result is a Prisma object: the field is a `prismaField`, whose selection reaches the service (relations in one statement). */
  prisma?: boolean;
  /** The result is a page (`{ items, total… }`) of Prisma objects: the selection of its `items` reaches the service. */
  page?: boolean;
  /** Whether the result may be null, when `ref` or `pick` is given (the output's own optionality otherwise). */
  nullable?: boolean;
  /**
   * The spec's `data` argument (createTemplate(data, file), sendApprovalMessage(data, approvalId)):
   * the input's fields other than `outside` travel in one input object named `data`, and reach
   * the declaration as its own fields again. `name` names that argument when the spec calls it
   * otherwise (folders(group, where.parent): `where`); `type` is its input type's GraphQL name;
   * `optional` lets it be left out where every field inside may be.
   */
  data?: { outside: readonly string[]; name?: string; type?: string; optional?: boolean };
  /**
   * What the field answers when it is not the output (`documentsCount: Int` answers `total`;
   * updateDocumentValues answers the document it changed): its GraphQL type and how to get it from
   * the result (with the input, the context and, for a Prisma object, the selection).
   */
  pick?: {
    type: unknown;
    from: (result: never, call: { input: Record<string, unknown>; ctx: ServiceContext; query?: PrismaQuery }) => unknown;
  };
  /** What the field does, when it says more than its declaration (two fields over one declaration). */
  description?: string;
  /** Input fields the field gives itself (hideCategory: `hidden: true`): not arguments. */
  fixed?: Readonly<Record<string, unknown>>;
  /**
   * Input fields taken as one JSON argument and checked by the declaration alone, so a bad entry
   * gets the same per-field problem as over REST (a data-store variable's `variables.2.type`).
   */
  json?: readonly string[];
  /** Arguments typed otherwise than their schema says (a flag REST also reads from a query string as text). */
  args?: (arg: ArgBuilder) => Record<string, unknown>;
  /**
   * An upload: the File arguments that stand for the declaration's `files` (`file`, a signer's
   * `signature`…), and the files they make (each refused past the upload size before it is read:
   * lib/graphql/builder.ts `uploadedFile`), as the REST route's parts.
   */
  upload?: { args: (arg: ArgBuilder) => Record<string, unknown>; files: (args: Record<string, unknown>) => Promise<UploadedFile[]> };
};

/** The usual upload: one required File argument (`file` unless named), the declaration's one file. */
export const oneFile = (name = "file"): NonNullable<DeclaredFieldOptions["upload"]> => ({
  args: (arg) => ({ [name]: arg({ type: "File", required: true } as never) }),
  files: async (args) => [await uploadedFile(args[name] as File)],
});

/** The input's fields by name, whatever wraps the object (none if the input is not one). */
const inputShape = (operation: Operation) => {
  const input = unwrap(operation.input, "input").inner;
  return defOf(input).type === "object" ? ((input as z.ZodObject).shape as Record<string, z.ZodType>) : {};
};

/** The arguments of a declared operation: its input's fields by their names, those not `outside` in one `data` object when asked. */
function declaredArgs(t: { arg: ArgBuilder }, operation: Operation, naming: Naming, options: DeclaredFieldOptions) {
  const { data, fixed = {}, json = [], upload } = options;
  const shape = Object.fromEntries(
    Object.entries(inputShape(operation)).filter(([key]) => !(key in fixed) && !(upload && key === "files")),
  );
  const argOf = (key: string, schema: z.ZodType) => {
    const arg = json.includes(key)
      ? { type: "JSON", required: !unwrap(schema, "input").optional }
      : inputType(schema, naming, `${capitalized(operation.name)}${capitalized(key)}`, key, operation.ids);
    return t.arg({ type: arg.type, required: arg.required, description: descriptionOf(schema) } as never);
  };
  const own = { ...(options.args?.(t.arg) ?? {}), ...(upload?.args(t.arg) ?? {}) };
  const argsOf = (entries: [string, z.ZodType][]) =>
    Object.fromEntries(entries.filter(([key]) => !(key in own)).map(([key, schema]) => [key, argOf(key, schema)]));
  if (!data) return { ...argsOf(Object.entries(shape)), ...own };
  const outside = Object.entries(shape).filter(([key]) => data.outside.includes(key));
  const insideShape = Object.fromEntries(Object.entries(shape).filter(([key]) => !data.outside.includes(key)));
  // The whole input where nothing stays outside (its name in `naming` holds); else an object of the fields inside.
  const whole = unwrap(operation.input, "input").inner;
  const inside =
    data.outside.length === 0 && Object.keys(insideShape).length === Object.keys(inputShape(operation)).length
      ? whole
      : zObject(insideShape);
  const name = data.name ?? "data";
  const dataNaming = data.type ? { ...naming, inputs: new Map([[inside, data.type]]) } : naming;
  const { type } = inputType(inside, dataNaming, `${capitalized(operation.name)}${capitalized(name)}`, "", operation.ids);
  return { ...argsOf(outside), [name]: t.arg({ type, required: !data.optional } as never), ...own };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null);

/** The element or field schemas of an input schema (none for a record, a union, JSON). */
function inputParts(schema: z.ZodType | undefined) {
  if (!schema) return {};
  const { inner } = unwrap(schema, "input");
  const def = defOf(inner);
  if (def.type === "object") return { shape: (inner as z.ZodObject).shape as Record<string, z.ZodType> };
  if (def.type === "array") return { element: def.element as z.ZodType };
  return {};
}

/**
 * A GraphQL value as its schema takes it, down objects and lists: absent fields left out, a null
 * kept where the field's schema takes null (a detail cleared, the top level, a link that never
 * expires, a brand's image removed) and left out elsewhere (GraphQL's "not given"), ids as strings.
 */
function fromGraphQL(schema: z.ZodType | undefined, value: unknown, isId: boolean, ids: readonly string[]): unknown {
  const { shape, element } = inputParts(schema);
  if (Array.isArray(value)) return value.map((item) => fromGraphQL(element, item, isId, ids));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      const fieldSchema = shape?.[key];
      if (field === undefined) continue;
      if (field === null) {
        if (fieldSchema?.safeParse(null).success) out[key] = null;
        continue;
      }
      out[key] = fromGraphQL(fieldSchema, field, ids.includes(key) || isIdKey(key), ids);
    }
    return out;
  }
  return isId && typeof value === "number" ? String(value) : value;
}

/**
 * The input of a declared field from its arguments: the `data` argument's fields (when it has one)
 * joined to the others, then each value as its schema takes it (fromGraphQL; a JSON argument as
 * it is), the fixed fields added. The upload's File arguments are not input: their files are.
 */
function declaredInput(operation: Operation, options: DeclaredFieldOptions, uploadArgs: readonly string[]) {
  const dataName = options.data ? (options.data.name ?? "data") : undefined;
  return (args: Record<string, unknown>) => {
    const { [dataName ?? ""]: data, ...rest } = args;
    for (const key of uploadArgs) delete rest[key];
    const flat = dataName ? { ...rest, ...((data as Record<string, unknown> | null) ?? {}) } : rest;
    const input = fromGraphQL(operation.input, flat, false, operation.ids ?? []) as Record<string, unknown>;
    // A JSON argument reaches the declaration as the caller wrote it.
    for (const key of options.json ?? []) if (flat[key] !== undefined && flat[key] !== null) input[key] = flat[key];
    return { ...input, ...options.fixed };
  };
}

/**
 * The field of a declared operation: its arguments, result type, description and resolver follow
 * from the declaration (`options` for what it cannot say). Its GraphQL extensions name the
 * declaration, and what the field gives itself or answers instead, so the drift test
 * (tests/unit/graphql/declaration-drift.test.ts) compares it.
 */
export function declaredField(
  // Pothos's field builder of Query or Mutation.
  t: { field: (options: never) => unknown; arg: ArgBuilder; prismaField?: (options: never) => unknown },
  operation: Operation,
  naming: Naming,
  options: DeclaredFieldOptions = {},
) {
  const given = options.pick ?? (options.ref === undefined ? null : { type: options.ref });
  const output = given ? null : outputType(operation.output, naming, options.type ?? capitalized(operation.name));
  const args = declaredArgs(t, operation, naming, options);
  const uploadArgs = options.upload ? Object.keys(options.upload.args(t.arg)) : [];
  const common = {
    type: output ? output.type : given!.type,
    nullable: output ? output.nullable : (options.nullable ?? (options.pick ? false : unwrap(operation.output, "output").optional)),
    description: options.description ?? operation.description,
    args,
    extensions: {
      [DECLARATION_EXTENSION]: operation.name,
      [DECLARATION_OPTIONS_EXTENSION]: {
        fixed: Object.keys(options.fixed ?? {}),
        picked: Boolean(options.pick),
        sharedRef: Boolean(options.sharedRef),
      },
    },
  };
  const toInput = declaredInput(operation, options, uploadArgs);
  const run = async (args: Record<string, unknown>, { ctx }: Context, query?: PrismaQuery) => {
    const input = toInput(args);
    if (options.upload) input.files = await options.upload.files(args);
    const result = await runOperation(operation, ctx, input, query);
    return options.pick ? options.pick.from(result as never, { input, ctx, query }) : result;
  };
  if (options.prisma)
    return t.prismaField!({
      ...common,
      resolve: (query: PrismaQuery, _root: unknown, args: Record<string, unknown>, context: Context) => run(args, context, query),
    } as never);
  return t.field({
    ...common,
    resolve: (_root: unknown, args: Record<string, unknown>, context: Context, info: GraphQLResolveInfo) =>
      // The page's `items` selection: relations the service includes are not fetched again.
      run(args, context, options.page ? (queryFromInfo({ context, info, path: ["items"] }) as PrismaQuery) : undefined),
  } as never);
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

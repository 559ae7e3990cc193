import { readFileSync, writeFileSync } from "node:fs";
import {
  getNamedType,
  isListType,
  isNonNullType,
  type GraphQLType,
  isEnumType,
  isInputObjectType,
  isObjectType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
} from "graphql";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DECLARATION_EXTENSION, DECLARATION_OPTIONS_EXTENSION, nameableValues } from "@/lib/graphql/from-declarations";
import { schema } from "@/lib/graphql/schema";
import { OPERATIONS } from "@/lib/registry/operations";

/**
 * GraphQL and the operation declarations (issue 38, item 1). Each field of Query and Mutation is
 * built from a declaration (lib/graphql/from-declarations.ts: the field's extension names it, and
 * what the field gives itself or picks); its arguments should be the declaration's input fields (those of an
 * input object not named in the input, the spec's `data` or `where`, counted as the input's own; an
 * upload's File arguments as its `files`), its result type's fields the output's, down to leaf
 * types, enum values and nullability, and it should say what it does. What still differs is listed
 * in tests/fixtures/graphql-drift.json, with the declarations meant for GraphQL that no field runs
 * and the fields written by hand without a declaration: this test fails on anything new there, and
 * on a listed entry that is gone (take it off: the lists only shrink). `UPDATE_DRIFT=1` rewrites them.
 */
const DRIFT_FILE = "tests/fixtures/graphql-drift.json";

type Schema = z.ZodType;
const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;

/** The schema under optional, nullable, default, readonly, catch, lazy and pipe (its `side`). */
function unwrap(schema: Schema, side: "in" | "out"): Schema {
  for (let current = schema; ;) {
    const def = defOf(current);
    if (["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional"].includes(def.type))
      current = def.innerType as Schema;
    else if (def.type === "pipe") current = (side === "in" ? def.in : def.out) as Schema;
    else if (def.type === "lazy") current = (def.getter as () => Schema)();
    else return current;
  }
}

/** An object schema's field names and schemas (an intersection's both sides); none for anything else. */
function objectFields(schema: Schema, side: "in" | "out"): Map<string, Schema> | null {
  const inner = unwrap(schema, side);
  const def = defOf(inner);
  if (def.type === "object") return new Map(Object.entries((inner as z.ZodObject).shape as Record<string, Schema>));
  if (def.type === "intersection") {
    const left = objectFields(def.left as Schema, side);
    const right = objectFields(def.right as Schema, side);
    return left || right ? new Map([...(left ?? []), ...(right ?? [])]) : null;
  }
  return null;
}

/** The list or page items' schema (`{ items }`), else the schema itself. */
function itemSchema(schema: Schema): Schema {
  const inner = unwrap(schema, "out");
  return defOf(inner).type === "array" ? itemSchema(defOf(inner).element as Schema) : inner;
}

/** Whether a schema lets its value be absent: on input a default too (the caller may leave it out). */
function mayBeAbsent(schema: Schema, side: "in" | "out"): boolean {
  const absent = side === "in" ? ["optional", "nullable", "default", "prefault"] : ["optional", "nullable"];
  for (let current = schema; ;) {
    const def = defOf(current);
    if (absent.includes(def.type)) return true;
    if (["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional"].includes(def.type))
      current = def.innerType as Schema;
    else if (def.type === "pipe") current = (side === "in" ? def.in : def.out) as Schema;
    else if (def.type === "lazy") current = (def.getter as () => Schema)();
    else return false;
  }
}

/** The GraphQL scalars a leaf schema may be; null where any will do (unknown, records, unions, transforms). */
function scalarsOf(schema: Schema): string[] | null {
  const def = defOf(schema);
  if (def.type === "string") return ["String", "ID", "DateTime"];
  if (def.type === "number") return (schema as unknown as { isInt: boolean }).isInt ? ["Int", "ID"] : ["Float"];
  if (def.type === "boolean") return ["Boolean"];
  if (def.type === "date") return ["DateTime"];
  return null;
}

/**
 * How a GraphQL type differs from a zod schema, down to leaf types and nullability: an array is a
 * list, an object an object with the same fields (three levels down), an enum an enum of the same
 * values, a string, number, boolean or date its scalar; absent-able means nullable (on input:
 * optional).
 */
function typeDrift(schema: Schema, type: GraphQLType, side: "in" | "out", path: string, depth = 0): string[] {
  const problems: string[] = [];
  const absent = mayBeAbsent(schema, side);
  const nullable = !isNonNullType(type);
  if (absent !== nullable)
    problems.push(
      side === "in"
        ? `${path} is ${nullable ? "optional" : "required"} in GraphQL, ${absent ? "optional" : "required"} in the input`
        : `${path} is ${nullable ? "nullable" : "never null"} in GraphQL, ${absent ? "may be absent" : "always there"} in the output`,
    );
  const inner = unwrap(schema, side);
  const def = defOf(inner);
  const graphqlType = isNonNullType(type) ? type.ofType : type;
  // A JSON argument or result is checked by the declaration alone (a data-store variable's per-field problems).
  if (getNamedType(graphqlType).name === "JSON") return problems;
  if (def.type === "array") {
    if (!isListType(graphqlType)) return [...problems, `${path} is a list in the ${side === "in" ? "input" : "output"}, not in GraphQL`];
    return [...problems, ...typeDrift(def.element as Schema, graphqlType.ofType as GraphQLType, side, `${path}[]`, depth)];
  }
  if (isListType(graphqlType)) return [...problems, `${path} is a list in GraphQL, not in the ${side === "in" ? "input" : "output"}`];
  const named = getNamedType(graphqlType);
  if (def.type === "enum") {
    const values = Object.values(def.entries as Record<string, string>).sort();
    // An enum whose values cannot be GraphQL names ("pt-br") is a String (lib/graphql/from-declarations.ts).
    if (!isEnumType(named)) return nameableValues(values) || named.name !== "String" ? [...problems, `${path} is not an enum`] : problems;
    const graphqlValues = named
      .getValues()
      .map((value) => value.value as string)
      .sort();
    if (values.join("|") !== graphqlValues.join("|")) problems.push(`${path} has other enum values (${graphqlValues.join(", ")})`);
    return problems;
  }
  if (def.type === "object") {
    if (depth >= 3 || !(isObjectType(named) || isInputObjectType(named))) return problems;
    const fields = named.getFields() as Record<string, { type: GraphQLType }>;
    for (const [key, field] of Object.entries((inner as z.ZodObject).shape as Record<string, Schema>))
      if (fields[key]) problems.push(...typeDrift(field, fields[key].type, side, `${path}.${key}`, depth + 1));
    return problems;
  }
  const scalars = scalarsOf(inner);
  if (scalars && !scalars.includes(named.name)) problems.push(`${path} is ${named.name}, not ${scalars.join(" or ")}`);
  return problems;
}

type Drift = Record<string, string[]>;

const BY_NAME = new Map(OPERATIONS.map((operation) => [operation.name, operation]));

/** The declaration a field runs: named by its extension (lib/graphql/from-declarations.ts), else tagged on its resolver. */
function operationOf(field: GraphQLField<unknown, unknown>) {
  const named = (field.extensions as { [DECLARATION_EXTENSION]?: string } | undefined)?.[DECLARATION_EXTENSION];
  return named ? BY_NAME.get(named) : undefined;
}

function driftOf(field: GraphQLField<unknown, unknown>, parent: "Query" | "Mutation"): string[] | null {
  const operation = operationOf(field);
  if (!operation) return null;
  const problems: string[] = [];
  if (!field.description) problems.push("no description");
  // What the field gives itself (hideCategory's `hidden`), and whether it answers a part picked from the output.
  const options = (field.extensions as { [DECLARATION_OPTIONS_EXTENSION]?: { fixed: string[]; picked: boolean; sharedRef: boolean } })[
    DECLARATION_OPTIONS_EXTENSION
  ] ?? { fixed: [], picked: false, sharedRef: false };

  // Arguments: the input's fields; the fields of an input object not named in the input (the spec's `data`, `where`) count as the input's own.
  const input = objectFields(operation.input, "in");
  if (input) {
    const args = new Map<string, GraphQLInputType>();
    // An upload's File arguments (`file`, `signature`…, and lists of `{ name, file }` for its fields'
    // files) are its input's `files`, as the REST route's parts are.
    const isFile = (type: GraphQLInputType) => {
      const named = getNamedType(type);
      return (
        named.name === "File" ||
        (isInputObjectType(named) && Object.values(named.getFields()).some((f) => getNamedType(f.type).name === "File"))
      );
    };
    const fileArgs = field.args.filter((arg) => isFile(arg.type) && !input.has(arg.name));
    const uploads = fileArgs.length > 0 && input.delete("files");
    for (const name of options.fixed) input.delete(name);
    for (const arg of field.args) {
      const type = getNamedType(arg.type);
      if (uploads && fileArgs.includes(arg)) continue;
      if (isInputObjectType(type) && !input.has(arg.name))
        for (const inner of Object.values(type.getFields())) args.set(inner.name, inner.type);
      else args.set(arg.name, arg.type);
    }
    for (const name of args.keys()) if (!input.has(name)) problems.push(`argument ${name} is not in the input`);
    for (const name of input.keys()) if (!args.has(name)) problems.push(`input ${name} has no argument`);
    for (const [name, schema] of input) if (args.has(name)) problems.push(...typeDrift(schema, args.get(name)!, "in", `argument ${name}`));
  }

  // Result: the output object's fields (a page's items one level down), down to leaf types and
  // nullability; not where the field answers something picked from it (documentsCount's `total`).
  const output = objectFields(itemSchema(operation.output), "out");
  const type: GraphQLNamedType = getNamedType(field.type);
  if (!options.picked && output && isObjectType(type)) {
    const fields = type.getFields();
    for (const name of output.keys()) if (!(name in fields)) problems.push(`output ${name} has no field`);
    for (const [name, schema] of output) {
      const inner = objectFields(itemSchema(schema), "out");
      const fieldType = fields[name] && getNamedType(fields[name].type);
      if (inner && fieldType && isObjectType(fieldType))
        for (const key of inner.keys()) if (!(key in fieldType.getFields())) problems.push(`output ${name}.${key} has no field`);
    }
  }
  if (!options.picked && isObjectType(type))
    problems.push(
      ...typeDrift(operation.output, field.type, "out", "output").filter(
        // A type shared with callers who see less (another user's User) may be nullable where the output is always there.
        (problem) => !(options.sharedRef && problem.endsWith("is nullable in GraphQL, always there in the output")),
      ),
    );
  return problems.length ? problems.map((problem) => `${parent}.${field.name} (${operation.name}): ${problem}`) : [];
}

function currentDrift(): { drift: Drift; withoutField: string[]; withoutDeclaration: string[] } {
  const drift: Drift = {};
  const linked = new Set<string>();
  // Fields of Query and Mutation written by hand with no declaration named: each is a field to build
  // from one (or a spec alias over several, listed so that no new one appears unseen).
  const withoutDeclaration: string[] = [];
  for (const [parent, type] of [
    ["Query", schema.getQueryType()!],
    ["Mutation", schema.getMutationType()!],
  ] as const) {
    for (const field of Object.values(type.getFields())) {
      const problems = driftOf(field, parent);
      if (problems === null) {
        withoutDeclaration.push(`${parent}.${field.name}`);
        continue;
      }
      linked.add(operationOf(field)!.name);
      if (problems.length) drift[`${parent}.${field.name}`] = problems.map((p) => p.slice(p.indexOf(": ") + 2));
    }
  }
  // Declarations meant for GraphQL that no field is linked to: none runs them, or a field calls
  // runOperation itself. Downloads and uploads go over REST by nature, and so do those declared
  // `graphql: false` (signing in, the public API).
  const withoutField = OPERATIONS.filter(
    (op) => (op.kind === "query" || op.kind === "mutation") && op.graphql !== false && !linked.has(op.name),
  )
    .map((op) => op.name)
    .sort();
  return { drift, withoutField, withoutDeclaration: withoutDeclaration.sort() };
}

describe("GraphQL and the operation declarations", () => {
  it("drift no further than tests/fixtures/graphql-drift.json lists, and the list only shrinks", () => {
    const current = currentDrift();
    if (process.env.UPDATE_DRIFT === "1") writeFileSync(DRIFT_FILE, `${JSON.stringify(current, null, 2)}\n`);
    const known = JSON.parse(readFileSync(DRIFT_FILE, "utf8")) as ReturnType<typeof currentDrift>;
    const flat = (drift: Drift) => Object.entries(drift).flatMap(([field, problems]) => problems.map((p) => `${field}: ${p}`));
    const found = flat(current.drift);
    const listed = flat(known.drift);
    expect(
      found.filter((p) => !listed.includes(p)),
      "new differences between GraphQL and its declarations",
    ).toEqual([]);
    expect(
      listed.filter((p) => !found.includes(p)),
      `differences fixed: take them off ${DRIFT_FILE}`,
    ).toEqual([]);
    expect(
      current.withoutField.filter((name) => !known.withoutField.includes(name)),
      "new declarations without a GraphQL field built from them (declaredField)",
    ).toEqual([]);
    expect(
      known.withoutField.filter((name) => !current.withoutField.includes(name)),
      `declarations given a GraphQL field: take them off ${DRIFT_FILE}`,
    ).toEqual([]);
    expect(
      current.withoutDeclaration.filter((name) => !known.withoutDeclaration.includes(name)),
      "new GraphQL fields written by hand without a declaration (build them with declaredField)",
    ).toEqual([]);
    expect(
      known.withoutDeclaration.filter((name) => !current.withoutDeclaration.includes(name)),
      `fields now linked to a declaration: take them off ${DRIFT_FILE}`,
    ).toEqual([]);
  });

  it("reads each field's declaration (the test would pass on nothing otherwise)", () => {
    const fields = Object.values(schema.getMutationType()!.getFields()).concat(Object.values(schema.getQueryType()!.getFields()));
    const linked = fields.filter((field) => operationOf(field));
    expect(linked.length).toBeGreaterThanOrEqual(120);
  });
});

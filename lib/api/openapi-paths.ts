/**
 * The OpenAPI document's paths, one operation per declaration an API token may call
 * (lib/registry/operations.ts), where its handle says it is served (lib/operations/routes/): the
 * path's `{name}` are path parameters, the input's other fields are query parameters on GET and
 * the JSON body otherwise (the `data` part of a multipart upload, beside its `file` parts); the
 * answer is the output schema, a download's a file; the errors are those the declaration can lead
 * to (lib/api/openapi-responses.ts). Titles, parameter texts and examples the declaration lacks
 * come from lib/api/openapi-notes.ts.
 */

import type { Operation } from "@/lib/operations/operation";
import type { OperationRoute } from "@/lib/operations/operation-route";
import { OPERATION_NOTES, type OperationNote } from "./openapi-notes";
import { errorStatuses, securityOf } from "./openapi-responses";
import { jsonSchemaOf, placeSchema, type JsonSchema } from "./openapi-schemas";

/** The operations of the document: those an API token may call. */
export const isDocumented = (operation: Operation) => operation.callers.includes("apiToken");

/** The `{name}` of a path, in order. */
export const pathParameterNames = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);

/**
 * An operation's input as its REST route reads it: the properties the path gives (`path`), and
 * the rest (`rest`: the query string on GET, else the JSON body or an upload's `data`); an
 * upload's `files` come as file parts, not in either.
 */
export function splitInput(operation: Operation, route: OperationRoute) {
  const schema = jsonSchemaOf(operation.input, "input");
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const inPath = new Set(pathParameterNames(route.path));
  const skip = (name: string) => inPath.has(name) || (operation.kind === "upload" && name === "files");
  const restProperties = Object.fromEntries(Object.entries(properties).filter(([name]) => !skip(name)));
  const restRequired = [...required].filter((name) => !skip(name));
  const rest: JsonSchema = { ...schema, properties: restProperties };
  if (restRequired.length) rest.required = restRequired;
  else delete rest.required;
  if (!schema.properties) delete rest.properties;
  return {
    path: [...inPath].map((name) => ({ name, schema: properties[name] ?? { type: "string" } })),
    rest,
    restProperties,
    required,
  };
}

function parameters(operation: Operation, route: OperationRoute, note: OperationNote | undefined) {
  const { path, restProperties, required } = splitInput(operation, route);
  const describe = (name: string) => {
    const text = note?.parameters?.[name];
    return { ...(text?.description && { description: text.description }), ...(text?.example && { example: text.example }) };
  };
  const list = path.map(({ name, schema }) => ({ name, in: "path", required: true, ...describe(name), schema }));
  if (route.method === "GET")
    for (const [name, schema] of Object.entries(restProperties))
      list.push({ name, in: "query", required: required.has(name), ...describe(name), schema });
  return list;
}

function requestBody(operation: Operation, route: OperationRoute, components: Record<string, JsonSchema>) {
  if (route.method === "GET") return undefined;
  const rest = placeSchema(splitInput(operation, route).rest, `${operation.name}Input`, components);
  if (operation.kind === "upload") {
    const multipart = {
      schema: {
        type: "object",
        properties: {
          data: rest,
          file: {
            type: "array",
            items: { type: "string", contentMediaType: "application/octet-stream" },
            description: operation.upload?.byField
              ? "The files; a template's upload field's file may come as a part named `field:<name>`."
              : "The files (one part named `file` each).",
          },
        },
        ...(operation.upload?.required !== false && { required: ["file"] }),
      },
      encoding: { data: { contentType: "application/json" } },
    };
    return {
      required: true,
      content: {
        "multipart/form-data": multipart,
        ...(operation.upload?.json && { "application/json": { schema: rest } }),
      },
    };
  }
  return { required: true, content: { "application/json": { schema: rest } } };
}

/** Adds the notes' field descriptions to an output schema, by path (`items[].name`). */
function describeFields(schema: JsonSchema, fields: Record<string, string> | undefined): JsonSchema {
  if (!fields) return schema;
  const copy = structuredClone(schema);
  for (const [path, description] of Object.entries(fields)) {
    let node: JsonSchema | undefined = copy;
    const parts = path.split(".");
    parts.forEach((part, index) => {
      node = (node?.properties as Record<string, JsonSchema> | undefined)?.[part.replace(/\[\]$/, "")];
      // A list's items; on the way to a nested field, a nullable object's object (anyOf [it, null]).
      if (node && part.endsWith("[]")) node = node.items as JsonSchema | undefined;
      else if (node?.anyOf && index < parts.length - 1) node = (node.anyOf as JsonSchema[]).find((item) => item.properties);
    });
    if (!node) throw new Error(`lib/api/openapi-notes.ts: no field ${path}`);
    node.description = description;
  }
  return copy;
}

function success(operation: Operation, note: OperationNote | undefined, components: Record<string, JsonSchema>) {
  const description = note?.answer ?? (operation.kind === "download" ? "The file." : "The answer.");
  if (operation.kind === "download")
    return {
      description,
      content: { "application/octet-stream": { schema: { type: "string", contentMediaType: "application/octet-stream" } } },
    };
  const schema = placeSchema(describeFields(jsonSchemaOf(operation.output, "output"), note?.fields), `${operation.name}Output`, components);
  return { description, content: { "application/json": { schema } } };
}

/**
 * One path item's operation: the declaration at its route. A schema that refers to itself is put
 * in `components` (components/schemas).
 */
export function pathOperation(operation: Operation, route: OperationRoute, tag: string, components: Record<string, JsonSchema>) {
  const note = OPERATION_NOTES[operation.name];
  const params = parameters(operation, route, note);
  const body = requestBody(operation, route, components);
  return {
    operationId: operation.name,
    tags: [note?.tag ?? tag],
    summary: note?.summary ?? operation.description,
    description: note?.description ?? operation.description,
    security: securityOf(operation),
    ...(params.length && { parameters: params }),
    ...(body && { requestBody: body }),
    responses: {
      [String(note?.status ?? 200)]: success(operation, note, components),
      ...Object.fromEntries(
        errorStatuses(operation, pathParameterNames(route.path).length > 0).map(([status, name]) => [
          status,
          { $ref: `#/components/responses/${name}` },
        ]),
      ),
    },
  };
}

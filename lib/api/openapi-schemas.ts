/**
 * The OpenAPI document's schemas come from the declarations' zod schemas (zod 4's own
 * z.toJSONSchema, JSON Schema 2020-12, the dialect of OpenAPI 3.1): what a caller sends is the
 * input schema as it is read (`io: "input"`: defaults optional, coerced values as written), what it
 * gets back the output schema as it is serialised (`io: "output"`). Nothing here is written twice.
 */

import { z } from "zod";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";

/** Every `type` an error can have, as the codes give them. */
const ERROR_TYPES = [...new Set(Object.values(AppErrorCode).map((code) => new AppError(code).type))] as [string, ...string[]];

export type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as JSON Schema. What JSON cannot carry (a file part, a Date before it is
 * serialised) becomes `{}`, any value; a schema used twice is written out each time, so no
 * `$ref` points inside an operation's schema.
 */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const result = z.toJSONSchema(schema, { ...JSON_SCHEMA_OPTIONS, io }) as JsonSchema;
  delete result.$schema;
  return result;
}

/** The options of z.toJSONSchema for the document (the test derives its expected schemas with them). */
export const JSON_SCHEMA_OPTIONS = {
  target: "draft-2020-12",
  unrepresentable: "any",
  reused: "inline",
  cycles: "ref",
  // A Date travels in JSON as its ISO string (Response.json), the way the answers carry it.
  override: ({ zodSchema, jsonSchema }) => {
    if (zodSchema._zod.def.type === "date") Object.assign(jsonSchema, { type: "string", format: "date-time" });
  },
} as const satisfies Parameters<typeof z.toJSONSchema>[1];

/** The body of every failed REST call (lib/http/error-response.ts `ErrorBody`). */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string().meta({ description: "Stable machine-readable code, e.g. `UNAUTHENTICATED`, `NOT_FOUND`, `VALIDATION_FAILED`." }),
    type: z.enum(ERROR_TYPES),
    message: z.string().meta({ description: "A sentence in the request's language." }),
    details: z
      .looseObject({
        fields: z
          .array(z.looseObject({ path: z.string(), code: z.string(), message: z.string() }))
          .optional()
          .meta({ description: "Validation errors: each problem, at its path in the input." }),
        retryAt: z.string().optional().meta({ description: "When the caller may try again (also the Retry-After header)." }),
      })
      .optional()
      .meta({ description: "Extra data; for validation errors `fields` lists each problem." }),
  }),
});

/**
 * A schema that refers to itself (a folder's `children`: `$ref: "#"`) or holds `$defs` cannot stay
 * inline, where `#` would mean the whole document: it becomes components/schemas/<name> (its defs
 * <name>_<def>), its references pointed there, and the operation refers to it.
 */
export function placeSchema(schema: JsonSchema, name: string, components: Record<string, JsonSchema>): JsonSchema {
  const text = JSON.stringify(schema);
  if (!text.includes('"$ref":"#')) return schema;
  const { $defs, ...rest } = JSON.parse(
    text.replace(
      /"\$ref":"#(\/\$defs\/([^"]+))?"/g,
      (_match, _def, def?: string) => `"$ref":"#/components/schemas/${def ? `${name}_${def}` : name}"`,
    ),
  ) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  for (const [def, value] of Object.entries($defs ?? {})) components[`${name}_${def}`] = value;
  components[name] = rest;
  return { $ref: `#/components/schemas/${name}` };
}

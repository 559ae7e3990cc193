/** The public API's schemas in its OpenAPI description: the error, a template and its fields, a page. */

import { MAX_PAGE_SIZE } from "@/lib/pagination";
import { IDENTITY_TYPES } from "@/lib/templates/structured-values";
import { VARIABLE_TYPES } from "@/lib/templates/variable-types";

const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, "null"], ...extra });

export const OPENAPI_SCHEMAS = {
  Error: {
    type: "object",
    required: ["error"],
    properties: {
      error: {
        type: "object",
        required: ["code", "type", "message"],
        properties: {
          code: {
            type: "string",
            description: "Stable machine-readable code, e.g. `UNAUTHENTICATED`, `NOT_FOUND`, `VALIDATION_FAILED`.",
          },
          type: {
            type: "string",
            enum: ["authentication", "authorization", "validation", "not_found", "conflict", "rate_limit", "internal"],
          },
          message: { type: "string", description: "A sentence in the request's language." },
          details: {
            type: "object",
            description: "Extra data; for validation errors `fields` lists each problem.",
            properties: {
              fields: {
                type: "array",
                items: {
                  type: "object",
                  required: ["path", "code", "message"],
                  properties: { path: { type: "string" }, code: { type: "string" }, message: { type: "string" } },
                },
              },
            },
          },
        },
      },
    },
  },
  Tag: {
    type: "object",
    required: ["id", "name", "color"],
    properties: {
      id: { type: "string" },
      name: { type: "string" },
      color: { type: "string", description: "CSS hex colour, e.g. #7c3aed." },
    },
  },
  CategoryRef: { type: "object", required: ["id", "name"], properties: { id: { type: "string" }, name: { type: "string" } } },
  Variable: {
    type: "object",
    description: "A variable field of the template file and how documents fill it in.",
    required: ["name", "type", "required", "deprecated", "options"],
    properties: {
      name: { type: "string", description: "The field's name in the file, e.g. `client` for [client]." },
      label: { type: "string" },
      type: { type: "string", enum: [...VARIABLE_TYPES] },
      required: { type: "boolean" },
      deprecated: { type: "boolean" },
      options: {
        type: "object",
        properties: {
          dateFormat: { type: "string" },
          dateMin: { type: "string", format: "date" },
          dateMax: { type: "string", format: "date" },
          currency: { type: "string", description: "ISO 4217 code." },
          currencyFormat: { type: "string", enum: ["symbol", "code", "name"], description: "How currency amounts show the currency." },
          variableName: { type: "string", description: "The label shown in forms instead of the field's name." },
          columns: { type: "array", items: { type: "string" }, description: "The column headers of a matrix field." },
          identityType: { type: "string", enum: [...IDENTITY_TYPES] },
          trueLabel: { type: "string" },
          falseLabel: { type: "string" },
          formula: { type: "string", description: "Refers to other fields in square brackets, e.g. `[fee] * 2`." },
          helpText: { type: "string" },
          placeholder: { type: "string" },
          choices: { type: "array", items: { type: "string" }, description: "The choices of dropdown, radio and list fields." },
          anonymizedAt: { type: "integer", description: "Retention period in days." },
        },
      },
    },
  },
  Template: {
    type: "object",
    required: [
      "id",
      "name",
      "description",
      "published",
      "language",
      "jurisdiction",
      "value",
      "currency",
      "format",
      "folderId",
      "category",
      "tags",
      "variables",
      "createdAt",
      "updatedAt",
    ],
    properties: {
      id: { type: "string" },
      name: { type: "string" },
      description: nullable("string"),
      published: { type: "boolean", description: "Only published templates make documents." },
      language: nullable("string"),
      jurisdiction: nullable("string"),
      value: nullable("number"),
      currency: nullable("string", { description: "ISO 4217 code." }),
      format: { type: "string", enum: ["docx", "pdf"] },
      folderId: nullable("string"),
      category: { oneOf: [{ $ref: "#/components/schemas/CategoryRef" }, { type: "null" }] },
      tags: { type: "array", items: { $ref: "#/components/schemas/Tag" } },
      variables: { type: "array", items: { $ref: "#/components/schemas/Variable" } },
      createdAt: { type: "string", format: "date-time" },
      updatedAt: { type: "string", format: "date-time" },
      author: {
        description: "With `expandable=author`; null when the author's user was deleted.",
        oneOf: [
          {
            type: "object",
            required: ["id", "firstName", "lastName"],
            properties: { id: { type: "string" }, firstName: { type: "string" }, lastName: { type: "string" } },
          },
          { type: "null" },
        ],
      },
      folder: {
        description: "With `expandable=folder`; null at the root (Drive).",
        oneOf: [
          { type: "object", required: ["id", "name"], properties: { id: { type: "string" }, name: { type: "string" } } },
          { type: "null" },
        ],
      },
      file: {
        description: "With `expandable=file`: the current file.",
        type: "object",
        required: ["name", "mimetype", "size", "version"],
        properties: {
          name: { type: "string" },
          mimetype: { type: "string" },
          size: { type: "integer", description: "Bytes." },
          version: { type: "integer", minimum: 1 },
        },
      },
    },
  },
  TemplatePage: {
    type: "object",
    required: ["page", "pages", "perPage", "total", "items"],
    properties: {
      page: { type: "integer", minimum: 1 },
      pages: { type: "integer", minimum: 1 },
      perPage: { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE },
      total: { type: "integer", minimum: 0 },
      items: { type: "array", items: { $ref: "#/components/schemas/Template" } },
    },
  },
} as const;

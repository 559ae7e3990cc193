import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "@/lib/pagination";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { IDENTITY_TYPES } from "@/lib/templates/structured-values";
import { VARIABLE_TYPES } from "@/lib/templates/variable-types";
import { OPERATION_ROUTES } from "@/lib/operations/routes";
import { TEMPLATE_EXPANDABLE } from "./public-template";
import { publicTemplateOperation, publicTemplatesOperation } from "./public-template-operations";

/** The public API's paths and operationIds are its declarations' (lib/api/public-template-operations.ts). */
const LIST = publicTemplatesOperation.name;
const ONE = publicTemplateOperation.name;

/**
 * The OpenAPI 3.1 description of the public API (/v1), served at GET /v1/openapi.json. Written by
 * hand: it describes the shapes of lib/api/public-template.ts and the errors of
 * lib/http/error-response.ts, and changes with them (tests/integration/api checks the paths).
 */

const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, "null"], ...extra });

const errorResponse = (description: string, code: AppErrorCode, message: string) => ({
  description,
  content: {
    "application/json": {
      schema: { $ref: "#/components/schemas/Error" },
      example: { error: { code, type: new AppError(code).type, message } },
    },
  },
});

export const OPENAPI_DOCUMENT = {
  openapi: "3.1.0",
  info: {
    title: "Covenant public API",
    version: "1.0.0",
    description:
      "Read the templates of a workspace with an API token. Create tokens in Workspace settings → Integrations → API tokens; a token acts as the member who created it, with that member's current role, inside that workspace only. Error messages follow the `x-language` header (en, es, ca, pt, pt-br).",
  },
  servers: [{ url: "/", description: "This server" }],
  security: [{ apiKey: [] }],
  tags: [{ name: "Templates", description: "Contract templates with their variable fields." }],
  paths: {
    [OPERATION_ROUTES[LIST].path]: {
      get: {
        operationId: LIST,
        tags: ["Templates"],
        summary: "List templates",
        description: `A page of the workspace's templates, ${DEFAULT_PAGE_SIZE} per page by default and at most ${MAX_PAGE_SIZE}. Unknown query parameters are refused (400).`,
        parameters: [
          {
            name: "name",
            in: "query",
            description: "Text the name or description contains (case-insensitive).",
            schema: { type: "string", maxLength: 200 },
          },
          {
            name: "search",
            in: "query",
            description:
              "Words of the template: its name, description or file text, matched as words (stemmed in the caller's language) or as part of the name or description; `search` wins when both are given.",
            schema: { type: "string", maxLength: 200 },
          },
          {
            name: "folderId",
            in: "query",
            description: "Only templates directly in this folder.",
            schema: { type: "string", maxLength: 64 },
          },
          {
            name: "size",
            in: "query",
            description: "Items per page.",
            schema: { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
          },
          { name: "page", in: "query", description: "Page number, from 1.", schema: { type: "integer", minimum: 1, default: 1 } },
          {
            name: "orderBy",
            in: "query",
            description: "Field to sort by.",
            schema: { type: "string", enum: ["name", "createdAt", "updatedAt"], default: "updatedAt" },
          },
          {
            name: "sortBy",
            in: "query",
            description: "Sort direction.",
            schema: { type: "string", enum: ["asc", "desc"], default: "desc" },
          },
        ],
        responses: {
          "200": {
            description: "A page of templates.",
            content: { "application/json": { schema: { $ref: "#/components/schemas/TemplatePage" } } },
          },
          "400": { $ref: "#/components/responses/BadRequest" },
          "401": { $ref: "#/components/responses/Unauthorized" },
          "403": { $ref: "#/components/responses/Forbidden" },
        },
      },
    },
    [OPERATION_ROUTES[ONE].path]: {
      get: {
        operationId: ONE,
        tags: ["Templates"],
        summary: "Get a template",
        description: "One template of the workspace. Another workspace's template is not found (404).",
        parameters: [
          { name: "id", in: "path", required: true, description: "The template id.", schema: { type: "string", maxLength: 64 } },
          {
            name: "expandable",
            in: "query",
            description: "Related data to add, comma-separated: `author`, `folder`, `file`.",
            style: "form",
            explode: false,
            schema: { type: "array", items: { type: "string", enum: [...TEMPLATE_EXPANDABLE] }, uniqueItems: true },
            example: "author,folder,file",
          },
        ],
        responses: {
          "200": { description: "The template.", content: { "application/json": { schema: { $ref: "#/components/schemas/Template" } } } },
          "400": { $ref: "#/components/responses/BadRequest" },
          "401": { $ref: "#/components/responses/Unauthorized" },
          "403": { $ref: "#/components/responses/Forbidden" },
          "404": { $ref: "#/components/responses/NotFound" },
        },
      },
    },
  },
  components: {
    securitySchemes: {
      apiKey: {
        type: "apiKey",
        in: "header",
        name: "api-key",
        description: "An API token's key (`cvt_…`), shown once when the token is created. `x-api-key` is accepted too.",
      },
    },
    responses: {
      BadRequest: errorResponse(
        "A query parameter is not valid (`VALIDATION_FAILED`, with `details.fields`).",
        AppErrorCode.VALIDATION_FAILED,
        "Some fields are not valid: size",
      ),
      Unauthorized: errorResponse(
        "No `api-key` header, or its key is unknown or revoked (`UNAUTHENTICATED`).",
        AppErrorCode.UNAUTHENTICATED,
        "Sign in to continue.",
      ),
      Forbidden: errorResponse(
        "The token's member may not view templates (`FORBIDDEN`).",
        AppErrorCode.FORBIDDEN,
        "You are not allowed to do this.",
      ),
      NotFound: errorResponse(
        "No such template in the token's workspace (`NOT_FOUND`).",
        AppErrorCode.NOT_FOUND,
        "We could not find what you are looking for.",
      ),
    },
    schemas: {
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
    },
  },
} as const;

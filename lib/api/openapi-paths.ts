/** The public API's paths in its OpenAPI description: list templates and get one, with parameters and responses. */

import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "@/lib/pagination";
import { OPERATION_ROUTES } from "@/lib/operations/route-table";
import { TEMPLATE_EXPANDABLE } from "./public-template";
import { publicTemplateOperation, publicTemplatesOperation } from "./public-template-operations";

/** The public API's paths and operationIds are its declarations' (lib/api/public-template-operations.ts). */
const LIST = publicTemplatesOperation.name;
const ONE = publicTemplateOperation.name;

export const OPENAPI_PATHS = {
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
} as const;

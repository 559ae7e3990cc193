/**
 * What the OpenAPI document (lib/registry/openapi.ts) says about an operation beyond its declaration:
 * a title, a longer description, what each parameter and field means, an example, and the status
 * of a successful answer where it is not 200. Keyed by operation name; the shapes themselves come
 * from the declarations' zod schemas, never from here. tests/integration/api/openapi.test.ts checks
 * that every name here is declared, and that `status` is what the route answers.
 */

import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "@/lib/pagination";

export type OperationNote = {
  /** A short title (default: the declaration's description). */
  summary?: string;
  /** Replaces the declaration's description. */
  description?: string;
  /** The document's tag (default: the domain module of lib/operations/routes/). */
  tag?: string;
  /** The status of a successful answer, when restRoute's `status` is not 200. */
  status?: number;
  /** What the successful answer is. */
  answer?: string;
  /** Descriptions and examples of the path and query parameters, by name. */
  parameters?: Record<string, { description?: string; example?: string }>;
  /**
   * Descriptions of the answer's fields, by path in the output (`items[].name`): added to the
   * zod-derived schema, which is otherwise unchanged.
   */
  fields?: Record<string, string>;
};

/** Field descriptions of the public view of a template (lib/api/public-template-operations.ts). */
const TEMPLATE_FIELDS = {
  published: "Only published templates make documents.",
  currency: "ISO 4217 code.",
  "tags[].color": "CSS hex colour, e.g. #7c3aed.",
  variables: "The variable fields of the template file and how documents fill them in.",
  "variables[].name": "The field's name in the file, e.g. `client` for [client].",
  author: "With `expandable=author`; null when the author's user was deleted.",
  folder: "With `expandable=folder`; null at the root (Drive).",
  file: "With `expandable=file`: the current file.",
  "file.size": "Bytes.",
};

const created = { status: 201 } as const;

export const OPERATION_NOTES: Record<string, OperationNote> = {
  findTemplates: {
    summary: "List templates",
    tag: "Templates",
    description: `A page of the workspace's templates, ${DEFAULT_PAGE_SIZE} per page by default and at most ${MAX_PAGE_SIZE}. Unknown query parameters are refused (400).`,
    answer: "A page of templates.",
    parameters: {
      name: { description: "Text the name or description contains (case-insensitive)." },
      search: {
        description:
          "Words of the template: its name, description or file text, matched as words (stemmed in the caller's language) or as part of the name or description; `search` wins when both are given.",
      },
      folderId: { description: "Only templates directly in this folder." },
      size: { description: "Items per page." },
      page: { description: "Page number, from 1." },
      orderBy: { description: "Field to sort by." },
      sortBy: { description: "Sort direction." },
    },
    fields: Object.fromEntries(Object.entries(TEMPLATE_FIELDS).map(([path, text]) => [`items[].${path}`, text])),
  },
  getTemplate: {
    summary: "Get a template",
    tag: "Templates",
    description: "One template of the workspace. Another workspace's template is not found (404).",
    answer: "The template.",
    parameters: {
      id: { description: "The template id." },
      expandable: { description: "Related data to add, comma-separated: `author`, `folder`, `file`.", example: "author,folder,file" },
    },
    fields: TEMPLATE_FIELDS,
  },
  // What creates answers 201 (the route's `status`), resealing 202 (it is queued).
  createAccountPolicy: created,
  sendInvitations: created,
  createCategory: created,
  createTag: created,
  createAccount: created,
  createAccountRole: created,
  createToken: created,
  createLink: created,
  createRelation: created,
  createComment: created,
  createApproval: created,
  sendApprovalMessage: created,
  createReminder: created,
  createParty: created,
  addSigner: created,
  createPaymentMethod: created,
  resealDocument: { status: 202 },
};

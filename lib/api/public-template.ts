import { z } from "zod";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "@/lib/pagination";
import { variablesSchema, type Variable } from "@/lib/templates/variables";
import { LIMITS } from "@/lib/validation/limits";

/**
 * The public API's (/v1) view of a template: a plain, stable shape written once here, so the
 * database model can change without changing what API clients read. lib/registry/openapi.ts
 * describes exactly this shape.
 */

const id = z.string().trim().min(1).max(LIMITS.id);

/**
 * Query of GET /v1/templates (spec section 7). Every value arrives as a string; the result is
 * a valid input of the templates service's `findTemplates` (its `templateListSchema`).
 */
export const publicTemplateListSchema = z
  .object({
    name: z.string().trim().max(200).optional(),
    search: z.string().trim().max(200).optional(),
    folderId: id.optional(),
    size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    page: z.coerce.number().int().min(1).default(1),
    orderBy: z.enum(["name", "createdAt", "updatedAt"]).default("updatedAt"),
    sortBy: z.enum(["asc", "desc"]).default("desc"),
  })
  .strict();
export type PublicTemplateListQuery = z.infer<typeof publicTemplateListSchema>;

/** What `expandable` may name on GET /v1/templates/{id}. */
export const TEMPLATE_EXPANDABLE = ["author", "folder", "file"] as const;
export type TemplateExpandable = (typeof TEMPLATE_EXPANDABLE)[number];

/** Query of GET /v1/templates/{id}: `expandable=author,folder,file` (any of them, comma-separated). */
export const publicTemplateGetSchema = z
  .object({
    id,
    expandable: z
      .string()
      .max(200)
      .optional()
      .transform((value) =>
        (value ?? "")
          .split(",")
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(TEMPLATE_EXPANDABLE, { message: `expandable takes ${TEMPLATE_EXPANDABLE.join(", ")}` }))),
  })
  .strict();
export type PublicTemplateGetQuery = z.infer<typeof publicTemplateGetSchema>;

type TemplateRecord = {
  id: string;
  name: string;
  description: string | null;
  published: boolean;
  language: string | null;
  jurisdiction: string | null;
  value: { toString(): string } | null;
  currency: string | null;
  format: string;
  folderId: string | null;
  category: { id: string; name: string } | null;
  tags: { id: string; name: string; color: string }[];
  variables: unknown;
  createdAt: Date;
  updatedAt: Date;
  author: { id: string; firstName: string; lastName: string } | null;
  folder: { id: string; name: string } | null;
  fileName: string;
  mimetype: string;
  size: number;
  version: number;
};

export type PublicTemplate = {
  id: string;
  name: string;
  description: string | null;
  published: boolean;
  language: string | null;
  jurisdiction: string | null;
  value: number | null;
  currency: string | null;
  format: string;
  folderId: string | null;
  category: { id: string; name: string } | null;
  tags: { id: string; name: string; color: string }[];
  variables: Variable[];
  createdAt: string;
  updatedAt: string;
  author?: { id: string; firstName: string; lastName: string } | null;
  folder?: { id: string; name: string } | null;
  file?: { name: string; mimetype: string; size: number; version: number };
};

/** Variable definitions are written validated; a row that somehow is not still answers, empty. */
function parseVariables(raw: unknown): Variable[] {
  const parsed = variablesSchema.safeParse(raw);
  return parsed.success ? parsed.data : [];
}

/** A template as the public API shows it, with the parts named in `expand` added. */
export function toPublicTemplate(template: TemplateRecord, expand: readonly TemplateExpandable[] = []): PublicTemplate {
  const shape: PublicTemplate = {
    id: template.id,
    name: template.name,
    description: template.description,
    published: template.published,
    language: template.language,
    jurisdiction: template.jurisdiction,
    value: template.value === null ? null : Number(template.value.toString()),
    currency: template.currency,
    format: template.format,
    folderId: template.folderId,
    category: template.category ? { id: template.category.id, name: template.category.name } : null,
    tags: template.tags.map((tag) => ({ id: tag.id, name: tag.name, color: tag.color })),
    variables: parseVariables(template.variables),
    createdAt: template.createdAt.toISOString(),
    updatedAt: template.updatedAt.toISOString(),
  };
  if (expand.includes("author")) {
    shape.author = template.author
      ? { id: template.author.id, firstName: template.author.firstName, lastName: template.author.lastName }
      : null;
  }
  if (expand.includes("folder")) shape.folder = template.folder ? { id: template.folder.id, name: template.folder.name } : null;
  if (expand.includes("file"))
    shape.file = { name: template.fileName, mimetype: template.mimetype, size: template.size, version: template.version };
  return shape;
}

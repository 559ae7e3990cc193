import { z } from "zod";
import { calendarDay as day } from "@/lib/text/calendar-dates";
import { variablesSchema } from "./variables";
import { idString } from "@/lib/validation/ids";
import { LIMITS } from "@/lib/validation/limits";

const id = idString();

/** The fields a person sets on a template (all optional on update). */
export const templateFieldsSchema = z
  .object({
    name: z.string().trim().min(1).max(LIMITS.title),
    description: z.string().trim().max(LIMITS.description).nullable(),
    language: z.string().trim().max(10).nullable(),
    jurisdiction: z.string().trim().max(LIMITS.jurisdiction).nullable(),
    value: z.number().min(0).max(1e12).nullable(),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/)
      .nullable(),
    categoryId: id.nullable(),
    folderId: id.nullable(),
    tagIds: z.array(id).max(50),
    variables: variablesSchema,
  })
  .partial()
  .strict();
export type TemplateFields = z.infer<typeof templateFieldsSchema>;

export const templateListSchema = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    size: z.coerce.number().int().min(1).max(100).default(25),
    name: z.string().trim().max(LIMITS.search).optional(),
    search: z.string().trim().max(LIMITS.search).optional(),
    folderId: id.nullable().optional().describe("A folder, or null for the root (Drive). Absent: every folder."),
    categoryId: id.optional(),
    tagIds: z.array(id).max(20).optional(),
    published: z.boolean().optional(),
    authorId: id.optional(),
    /** The date the from/to range applies to; both days are included (UTC). */
    dateField: z.enum(["createdAt", "updatedAt"]).default("createdAt"),
    from: day.optional(),
    to: day.optional(),
    orderBy: z.enum(["name", "createdAt", "updatedAt"]).default("updatedAt"),
    sortBy: z.enum(["asc", "desc"]).default("desc"),
  })
  .strict();
export type TemplateListInput = z.input<typeof templateListSchema>;

export const templateInclude = {
  tags: true,
  category: true,
  folder: true,
  author: { select: { id: true, firstName: true, lastName: true, email: true } },
} as const;

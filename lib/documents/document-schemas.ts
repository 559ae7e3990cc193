import { z } from "zod";
import { momentOrDay } from "@/lib/text/calendar-dates";
import { idString } from "@/lib/validation/ids";
import { LIMITS } from "@/lib/validation/limits";

/**
 * The input a person gives a document: its details (create, update, import) and the values of a
 * template's fields (create from a template, new values later), shared by REST, GraphQL and the
 * services.
 */
const id = idString();

const DATE = "YYYY-MM-DD or an ISO date-time.";

/** Document details a person sets (spec Document): all optional. */
export const documentFieldsSchema = z
  .object({
    name: z.string().trim().min(1).max(LIMITS.title),
    description: z.string().trim().max(LIMITS.description).nullable(),
    language: z.string().trim().max(10).nullable(),
    jurisdiction: z.string().trim().max(LIMITS.jurisdiction).nullable(),
    ref: z.string().trim().max(LIMITS.ref).nullable(),
    risk: z.number().int().min(0).max(5).nullable(),
    complexity: z.number().int().min(0).max(5).nullable(),
    priority: z.number().int().min(0).max(5).nullable(),
    value: z.number().min(0).max(1e12).nullable(),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/)
      .nullable(),
    startedAt: momentOrDay.nullable().describe(DATE),
    endedAt: momentOrDay.nullable().describe(DATE),
    renewalAt: momentOrDay.nullable().describe(DATE),
    categoryId: id.nullable(),
    folderId: id.nullable(),
    tagIds: z.array(id).max(50),
  })
  .partial()
  .strict();
export type DocumentFields = z.infer<typeof documentFieldsSchema>;

/**
 * A field's value at the edge: text, a number, a yes/no, a list, or the structured types'
 * shapes (an address or position object, DataMap rows, table rows), at most three levels deep
 * and bounded in size; lib/templates/variables.ts checks each against its field's type.
 */
const cell = z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]);
const smallObject = z.record(z.string().max(100), cell).refine((o) => Object.keys(o).length <= 50, { message: "tooManyValues" });
const fieldValue = z.union([
  z.string().max(10_000),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string().max(1000), smallObject, z.array(cell).max(50)])).max(200),
  smallObject,
]);

/** The values of a template's fields by name, as a form sends them. */
export const fieldValuesSchema = z
  .record(z.string().max(100), fieldValue)
  .refine((values) => Object.keys(values).length <= 500, { message: "tooManyValues" });

export const createFromTemplateSchema = z
  .object({
    templateId: id,
    values: fieldValuesSchema.default({}),
    fields: documentFieldsSchema.default({}),
  })
  .strict();

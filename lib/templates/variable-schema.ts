/** The zod schemas of a template's field definitions (server side: client code imports only the Variable type). */

import { z } from "zod";
import { IDENTITY_TYPES, STRUCTURED_LIMITS } from "./structured-values";
import { calendarDay } from "@/lib/text/calendar-dates";
import { CURRENCY_FORMATS, FIELD_NAME, VARIABLE_LIMITS as LIMITS, VARIABLE_TYPES, type VariableType } from "./variable-types";

export const variableOptionsSchema = z
  .object({
    dateFormat: z.string().trim().max(LIMITS.dateFormat).optional(),
    dateMin: calendarDay.optional(),
    dateMax: calendarDay.optional(),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/)
      .optional(),
    currencyFormat: z.enum(CURRENCY_FORMATS).optional(),
    trueLabel: z.string().max(LIMITS.booleanLabel).optional(),
    falseLabel: z.string().max(LIMITS.booleanLabel).optional(),
    formula: z.string().max(LIMITS.formula).optional(),
    helpText: z.string().max(LIMITS.helpText).optional(),
    placeholder: z.string().max(LIMITS.placeholder).optional(),
    /** The choices of dropdown, radio and list fields. */
    choices: z.array(z.string().trim().min(1).max(LIMITS.choice)).max(LIMITS.choices).optional(),
    /** Retention: the value is kept this many days after the document is created (0–36,500), then anonymized. */
    anonymizedAt: z.number().int().min(0).max(LIMITS.anonymizedAt).optional(),
    /** The name shown in forms instead of the field's raw name; the message is the code of its text (errors.fields.variableName). */
    variableName: z.string().trim().regex(FIELD_NAME, "variableName").optional(),
    /** A matrix field's column headers, in order. */
    columns: z.array(z.string().trim().min(1).max(STRUCTURED_LIMITS.columnName)).max(STRUCTURED_LIMITS.matrixColumns).optional(),
    /** The kind of document an identity field asks for. */
    identityType: z.enum(IDENTITY_TYPES).optional(),
  })
  .strict();

export const variableSchema = z
  .object({
    /** The field's name in the file, e.g. `client` for [client]. */
    name: z.string().trim().min(1).max(LIMITS.name),
    label: z.string().trim().max(LIMITS.label).optional(),
    type: z.enum(VARIABLE_TYPES).default("text"),
    required: z.boolean().default(false),
    deprecated: z.boolean().default(false),
    options: variableOptionsSchema.default({}),
  })
  .strict();

export type Variable = z.infer<typeof variableSchema>;

export const variablesSchema = z.array(variableSchema).max(LIMITS.variables);

/** A new field's definition: text, required, labelled by its name. */
export const defaultVariable = (name: string, type: VariableType = "text"): Variable => ({
  name,
  type,
  required: true,
  deprecated: false,
  options: {},
});

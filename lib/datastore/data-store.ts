import { z } from "zod";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { FIELD_NAME } from "@/lib/templates/variable-types";
import { fillValues, type RawValue, type Variable } from "@/lib/templates/variables";
import { DATA_STORE_MAX_VALUE, DATA_STORE_MAX_VARIABLES, DATA_STORE_TYPES } from "./types";
import { LIMITS } from "@/lib/validation/limits";

export const dataStoreVariableSchema = z
  .object({
    // The name rule of template fields, so any name here can also be a [field] in a template.
    name: z.string().trim().regex(FIELD_NAME, "Use letters, digits, spaces and _ . - (100 characters at most)."),
    type: z.enum(DATA_STORE_TYPES).default("text"),
    /** Kept as typed (trimmed); numbers sent by an API client become text. */
    value: z
      .union([z.string(), z.number().finite()])
      .transform((v) => String(v).trim())
      .pipe(z.string().max(DATA_STORE_MAX_VALUE))
      .default(""),
    description: z.string().trim().max(LIMITS.note).optional(),
  })
  .strict();
export type DataStoreVariable = z.infer<typeof dataStoreVariableSchema>;

export const dataStoreVariablesSchema = z
  .array(dataStoreVariableSchema)
  .max(DATA_STORE_MAX_VARIABLES)
  .superRefine((variables, issues) => {
    // Unique ignoring case: [Company] and [company] in one store would only confuse.
    const seen = new Set<string>();
    variables.forEach((variable, index) => {
      const key = variable.name.toLowerCase();
      if (seen.has(key)) issues.addIssue({ code: "custom", path: [index, "name"], message: "Two variables have the same name." });
      seen.add(key);
    });
  });
export const updateDataStoreSchema = z.object({ variables: dataStoreVariablesSchema }).strict();
export type UpdateDataStoreInput = z.output<typeof updateDataStoreSchema>;

export type DataStore = {
  variables: DataStoreVariable[];
  metadata: Record<string, unknown>;
  /** Null until the store is first saved. */
  createdAt: Date | null;
  updatedAt: Date | null;
};

/** The stored JSON, entry by entry: a malformed entry is dropped rather than breaking every template. */
function parseStored(raw: unknown): DataStoreVariable[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item) => {
    const parsed = dataStoreVariableSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

const toDataStore = (row: { variables: unknown; metadata: unknown; createdAt: Date; updatedAt: Date } | null): DataStore =>
  row
    ? {
        variables: parseStored(row.variables),
        metadata: (row.metadata ?? {}) as Record<string, unknown>,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
      }
    : { variables: [], metadata: {}, createdAt: null, updatedAt: null };

/** The definitions fillValues checks a data-store value with: never required, no options. */
const asFields = (variables: DataStoreVariable[]): Variable[] =>
  variables.map((v) => ({ name: v.name, type: v.type, required: false, deprecated: false, options: {} }));

/**
 * The account's data store (global metadata variables). An account that never saved one has an
 * empty store (dates null). Any member who can see documents or templates (the values fill
 * their templates), and whoever may edit it (ManageAccount).
 */
export async function getDataStore(ctx: ServiceContext): Promise<DataStore> {
  const scope = accountScope(ctx);
  return toDataStore(await db.accountDataStore.findUnique({ where: scope }));
}

/**
 * The data store of a workspace for a service that has already checked its caller by other
 * means (a reviewer's token, whose approval allows modification): no permission is checked here.
 */
export async function readDataStoreOf(accountId: string): Promise<DataStore> {
  return toDataStore(await db.accountDataStore.findUnique({ where: { accountId } }));
}

/**
 * Replaces the account's variables (the whole list, as the editor saves it). Names must be
 * template field names and unique; each value is checked against its type with the template
 * rules (fillValues): VALIDATION_FAILED names every broken variable in `details.fields` and
 * nothing is stored. Needs ManageAccount. Audited as dataStore.updated.
 */
export async function updateDataStore(ctx: ServiceContext, variables: UpdateDataStoreInput["variables"]): Promise<DataStore> {
  const { accountId } = accountScope(ctx);
  fillValues(asFields(variables), Object.fromEntries(variables.map((v) => [v.name, v.value])));
  return db.$transaction(async (tx) => {
    const before = parseStored((await tx.accountDataStore.findUnique({ where: { accountId }, select: { variables: true } }))?.variables);
    const row = await tx.accountDataStore.upsert({ where: { accountId }, create: { accountId, variables }, update: { variables } });
    const old = new Map(before.map((v) => [v.name, v]));
    const names = new Set(variables.map((v) => v.name));
    await recordAudit(tx, ctx, {
      eventType: "dataStore.updated",
      targetType: "dataStore",
      targetId: row.id,
      // Names only: values may be things the workspace would rather not copy into its audit trail.
      payload: {
        added: variables.filter((v) => !old.has(v.name)).map((v) => v.name),
        changed: variables.filter((v) => old.has(v.name) && JSON.stringify(old.get(v.name)) !== JSON.stringify(v)).map((v) => v.name),
        removed: before.filter((v) => !names.has(v.name)).map((v) => v.name),
      },
    });
    return toDataStore(row);
  });
}

/**
 * The data store's values for a template's fields of the same name, where the field can take
 * one: not formulas (computed), checkboxes or lists, nor deprecated fields; empty values are
 * skipped. Used to pre-fill the create-document form and, on the server, the fields left empty.
 */
/** Types a data-store text cannot fill: computed, yes/no, lists, structured values and uploads. */
const NOT_FROM_DATA_STORE = new Set(["formula", "checkbox", "list", "address", "geo", "object", "matrix", "attachment", "file", "image"]);

export function dataStoreDefaults(fields: Variable[], store: Pick<DataStore, "variables">): Record<string, string> {
  const values = new Map(store.variables.filter((v) => v.value !== "").map((v) => [v.name, v.value]));
  return Object.fromEntries(
    fields.filter((f) => !f.deprecated && !NOT_FROM_DATA_STORE.has(f.type) && values.has(f.name)).map((f) => [f.name, values.get(f.name)!]),
  );
}

const isEmpty = (value: RawValue) => value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);

/**
 * The person's values with each empty field taken from the data store (a value they typed
 * wins), and the names so filled. The template's field still validates the value.
 */
export function withDataStoreValues(values: Record<string, RawValue>, defaults: Record<string, string>) {
  const filled = { ...values };
  const names: string[] = [];
  for (const [name, value] of Object.entries(defaults)) {
    if (!isEmpty(filled[name])) continue;
    filled[name] = value;
    names.push(name);
  }
  return { values: filled, names };
}

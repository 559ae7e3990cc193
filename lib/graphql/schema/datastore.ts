import { z } from "zod";
import { dataStoreOperation, dataStoreSchema, updateDataStoreOperation } from "@/lib/datastore/data-store-operations";
import { DATA_STORE_TYPES } from "@/lib/datastore/types";
import type { Operation } from "@/lib/operations/operation";
import { declaredField, type DeclaredFieldOptions, type Naming } from "../from-declarations";
import { builder } from "../builder";

/**
 * The workspace data store (spec AccountDataStore): global metadata variables every template can
 * use. Both fields are built from their declarations (lib/datastore/data-store-operations.ts).
 */
const naming: Naming = {
  names: new Map<z.ZodType, string>([
    [dataStoreSchema, "DataStore"],
    [dataStoreSchema.shape.variables.element, "DataStoreVariable"],
  ]),
  enums: { [DATA_STORE_TYPES.join("|")]: "DataStoreVariableType" },
};

const field = (t: object, operation: object, options?: DeclaredFieldOptions) =>
  declaredField(t as never, operation as Operation, naming, options) as never;

builder.queryFields((t) => ({ dataStore: field(t, dataStoreOperation) }));

builder.mutationFields((t) => ({
  // The variables stay one JSON list, checked by the declaration alone: a bad entry (an unknown
  // type, a number for a value) gets the same per-field errors as over REST (variables.2.name...).
  updateDataStore: field(t, updateDataStoreOperation, { json: ["variables"] }),
}));

import { z } from "zod";
import { dataStoreOperation, dataStoreSchema, updateDataStoreOperation } from "@/lib/datastore/data-store-operations";
import { DATA_STORE_TYPES } from "@/lib/datastore/types";
import { resolveOperation } from "@/lib/operations/graphql";
import type { Operation } from "@/lib/operations/operation";
import { declaredField, type DeclaredFieldOptions, type Naming } from "../from-declarations";
import { builder } from "../builder";
import { adjusting } from "./declared-with";

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
  updateDataStore: field(
    // The variables stay one JSON list, checked by the declaration alone: a bad entry (an unknown
    // type, a number for a value) gets the same per-field errors as over REST (variables.2.name...).
    adjusting(t, (options) => ({
      ...options,
      args: { variables: t.arg({ type: "JSON", required: true }) },
      resolve: resolveOperation(updateDataStoreOperation, ({ variables }) => ({ variables })),
    })),
    // Its arguments are the ones above: built from an empty input, no unused input type is left in the schema.
    { ...updateDataStoreOperation, input: z.object({}) },
  ),
}));

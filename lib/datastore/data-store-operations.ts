import { z } from "zod";
import { defineOperation } from "@/lib/operations/operation";
import { DATA_STORE_TYPES } from "./types";
import { getDataStore, updateDataStore, updateDataStoreSchema } from "./data-store";

/**
 * The workspace data store's operations (spec AccountDataStore), declared once for REST and
 * GraphQL (lib/operations/operation.ts). The service checks who may read (anyone who sees
 * documents or templates) and change it (ManageAccount).
 */
const members = { callers: ["member", "apiToken"] } as const;

export const dataStoreSchema = z.object({
  variables: z.array(
    z.object({ name: z.string(), type: z.enum(DATA_STORE_TYPES), value: z.string(), description: z.string().nullable().optional() }),
  ),
  metadata: z.record(z.string(), z.unknown()),
  createdAt: z.date().nullable(),
  updatedAt: z.date().nullable(),
});

/** 200 variables of up to 2,000 characters (plus descriptions) fit in 1 MiB: the REST body limit. */
export const DATA_STORE_MAX_BYTES = 1024 * 1024;

export const dataStoreOperation = defineOperation({
  name: "dataStore",
  kind: "query",
  description: "The workspace's data store: global variables every template can use (empty, dates null, until first saved).",
  ...members,
  permission: ["ViewTemplates", "ViewDocuments", "ManageTemplates", "ManageAccount"],
  input: z.object({}).strict(),
  output: dataStoreSchema,
  run: (ctx) => getDataStore(ctx),
});

export const updateDataStoreOperation = defineOperation({
  name: "updateDataStore",
  kind: "mutation",
  description: "Replaces the data store's variables (at most 200, names unique).",
  ...members,
  permission: "ManageAccount",
  input: updateDataStoreSchema,
  output: dataStoreSchema,
  run: (ctx, input) => updateDataStore(ctx, input.variables),
});

export const dataStoreOperations = [dataStoreOperation, updateDataStoreOperation];

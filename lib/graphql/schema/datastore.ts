import { dataStoreOperation, updateDataStoreOperation } from "@/lib/datastore/data-store-operations";
import { resolveOperation } from "@/lib/operations/graphql";
import { builder } from "../builder";

const DataStoreVariable = builder.simpleObject("DataStoreVariable", {
  fields: (t) => ({
    name: t.string(),
    type: t.string(),
    value: t.string(),
    description: t.string({ nullable: true }),
  }),
});

/** The workspace data store (spec AccountDataStore): global metadata variables every template can use. */
const DataStore = builder.simpleObject("DataStore", {
  fields: (t) => ({
    variables: t.field({ type: [DataStoreVariable] }),
    metadata: t.field({ type: "JSON" }),
    createdAt: t.field({ type: "DateTime", nullable: true }),
    updatedAt: t.field({ type: "DateTime", nullable: true }),
  }),
});

builder.queryField("dataStore", (t) => t.field({ type: DataStore, resolve: resolveOperation(dataStoreOperation) }));

builder.mutationField("updateDataStore", (t) =>
  t.field({
    type: DataStore,
    args: { variables: t.arg({ type: "JSON", required: true }) },
    // The variables as given (a JSON list): graphqlInput would take an object apart.
    resolve: resolveOperation(updateDataStoreOperation, ({ variables }) => ({ variables })),
  }),
);

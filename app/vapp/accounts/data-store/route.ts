import { DATA_STORE_MAX_BYTES, dataStoreOperation, updateDataStoreOperation } from "@/lib/datastore/data-store-operations";
import { restRoute } from "@/lib/operations/rest";

/** The workspace's data store (GraphQL `dataStore`). */
export const GET = restRoute(dataStoreOperation);

/** Replaces its variables: { variables } (GraphQL `updateDataStore`). */
export const PUT = restRoute(updateDataStoreOperation, { maxBytes: DATA_STORE_MAX_BYTES });

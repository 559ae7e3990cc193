import { getDataStore, updateDataStore, updateDataStoreSchema } from "@/lib/datastore/data-store";
import { route } from "@/lib/http/route";

export const GET = route({ operation: "dataStore" }, ({ ctx }) => getDataStore(ctx));

// 200 variables of up to 2,000 characters (plus descriptions) fit in 1 MiB.
export const PUT = route({ operation: "updateDataStore", input: updateDataStoreSchema, maxBytes: 1024 * 1024 }, ({ ctx, input }) =>
  updateDataStore(ctx, input.variables),
);

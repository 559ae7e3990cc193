/**
 * The types a data-store variable may have: a subset of the template field types (spec section
 * 3). Kept apart from data-store.ts so the editor (a client component) can import it without
 * the database client.
 */
export const DATA_STORE_TYPES = ["text", "number", "currency", "date", "email", "url", "phone"] as const;
export type DataStoreType = (typeof DATA_STORE_TYPES)[number];
export const DATA_STORE_MAX_VARIABLES = 200;
export const DATA_STORE_MAX_VALUE = 2000;

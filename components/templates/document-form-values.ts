/** A field's value in the document form: its starting value in the input's shape, and what the server gets. */

import type { OperationInput } from "@/lib/client/operations";
import { isEmptyValue, type DataMapEntry } from "@/lib/templates/structured-values";
import { STRUCTURED_TYPES } from "@/lib/templates/variable-types";
import type { Variable } from "@/lib/templates/variables";
import { EMPTY_ADDRESS, type AddressDraft } from "./fields/address-input";
import { EMPTY_GEO, type GeoDraft } from "./fields/geo-input";

/** A field's value while it is being filled in, in its input's shape. */
export type Value = string | boolean | string[] | AddressDraft | GeoDraft | DataMapEntry[] | string[][];

const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));

/**
 * A field's starting value: a stored value (editing a document) in the input's shape, else empty
 * in its type's shape, or the data store's text for a text-like field.
 */
export function initialValue(v: Variable, globals: Record<string, string>, stored: unknown): Value {
  const has = stored !== null && stored !== undefined;
  switch (v.type) {
    case "checkbox":
      return stored === true;
    case "list":
      return Array.isArray(stored) ? stored.map(text) : [];
    case "object":
      return Array.isArray(stored) ? (stored as DataMapEntry[]).map((row) => ({ key: text(row.key), value: text(row.value) })) : [];
    case "matrix":
      return Array.isArray(stored) ? (stored as unknown[][]).map((row) => (Array.isArray(row) ? row.map(text) : [])) : [];
    case "address":
      return {
        ...EMPTY_ADDRESS,
        ...(has && typeof stored === "object"
          ? Object.fromEntries(Object.entries(stored as Record<string, unknown>).map(([key, part]) => [key, text(part)]))
          : {}),
      };
    case "geo":
      return has && typeof stored === "object"
        ? { latitude: text((stored as GeoDraft).latitude), longitude: text((stored as GeoDraft).longitude) }
        : { ...EMPTY_GEO };
    case "attachment":
    case "file":
    case "image":
      return "";
    default:
      return has ? text(stored) : (globals[v.name] ?? "");
  }
}

export /** A field's value as the operations take it (checked by the server against its definition). */
type PayloadValue = NonNullable<OperationInput<"createDocumentFromTemplate">["values"]>[string];

/**
 * What the server gets for a field: numbers as numbers, the structured types' inputs trimmed
 * and their empty rows left out (an untouched group is null, so "required" reads right).
 */
export function payloadValue(v: Variable, value: Value): PayloadValue {
  if (["number", "currency", "percentage"].includes(v.type)) return value === "" ? value : Number(value);
  if (v.type === "object")
    return (value as DataMapEntry[]).filter((row) => !isEmptyValue(row)).map((row) => ({ key: row.key.trim(), value: row.value.trim() }));
  if (v.type === "matrix") return (value as string[][]).filter((row) => !isEmptyValue(row));
  if (STRUCTURED_TYPES.includes(v.type)) return isEmptyValue(value) ? null : (value as PayloadValue);
  return value as PayloadValue;
}

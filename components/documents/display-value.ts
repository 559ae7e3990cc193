/**
 * A stored variable value as one short line for the variables panel: lists joined, a geo point
 * as "lat, long", an address by its parts, a data map as "key: value" pairs, a table by rows,
 * a file by its name.
 */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "✓" : "✗";
  if (Array.isArray(value)) {
    return value
      .map((item) => {
        if (Array.isArray(item)) return item.map(String).join(" · ");
        if (item && typeof item === "object" && "key" in item)
          return `${String((item as { key: unknown }).key)}: ${String((item as { value?: unknown }).value ?? "")}`;
        return displayValue(item);
      })
      .join(Array.isArray(value[0]) || (value[0] && typeof value[0] === "object") ? " / " : ", ");
  }
  if (typeof value === "object") {
    const record = value as Record<string, unknown>;
    if ("latitude" in record && "longitude" in record) return `${String(record.latitude)}, ${String(record.longitude)}`;
    // An upload field's file: its name.
    if (typeof record.name === "string" && typeof record.mimetype === "string") return record.name;
    return Object.values(record)
      .filter((part) => part !== null && part !== undefined && part !== "")
      .map(String)
      .join(", ");
  }
  return String(value);
}

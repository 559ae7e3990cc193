/** The server's per-field problems of a refused document form, by field name. */

import { ApiError } from "@/lib/client/api";

/**
 * The server's verdict per field: `details.fields` lists { path: the field's name, code, message },
 * the message already in the request's language. The first problem of a field wins.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  const fields = error instanceof ApiError ? error.details?.fields : undefined;
  const out: Record<string, string> = {};
  if (!Array.isArray(fields)) return out;
  for (const field of fields as { path?: unknown; message?: unknown }[]) {
    if (typeof field?.path === "string" && typeof field.message === "string" && !(field.path in out)) out[field.path] = field.message;
  }
  return out;
}

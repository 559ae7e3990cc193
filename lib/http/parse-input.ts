import type { z } from "zod";
import { AppError, AppErrorCode, missingParameter } from "@/lib/errors/app-error";
import { problem, zodFieldProblems } from "@/lib/errors/zod-field-problems";
import { unstorablePath, type UnstorableReason } from "./unstorable-text";

/** Bodies above this are refused before parsing (routes may ask for less or more). */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/** Reads at most `maxBytes` of the body as UTF-8 text; throws PAYLOAD_TOO_LARGE past it (declared or streamed). */
export async function readBodyText(req: Request, maxBytes: number): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  const tooLarge = () =>
    new AppError(AppErrorCode.PAYLOAD_TOO_LARGE, {
      message: `The request body is larger than ${maxBytes} bytes.`,
      params: { max: maxBytes },
    });
  if (declared > maxBytes) throw tooLarge();
  const reader = req.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Reads at most `maxBytes` of the body; throws PAYLOAD_TOO_LARGE past it, MALFORMED_JSON if it is not JSON. */
export async function readJsonBody(req: Request, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<unknown> {
  const text = (await readBodyText(req, maxBytes)).trim();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(AppErrorCode.MALFORMED_JSON, { message: "The request body is not valid JSON." });
  }
}

const valueAt = (data: unknown, path: PropertyKey[]) =>
  path.reduce<unknown>((value, key) => (value && typeof value === "object" ? (value as never)[key] : undefined), data);

/** VALIDATION_FAILED for a text PostgreSQL cannot store (lib/http/unstorable-text.ts), at `path`. */
function unstorableText(path: string, reason: UnstorableReason) {
  const field = path || "body";
  return new AppError(AppErrorCode.VALIDATION_FAILED, {
    message: `Some fields are not valid: ${field}`,
    params: { fields: field },
    details: { fields: [problem(field, reason)] },
  });
}

/**
 * Validates with zod, after refusing any text PostgreSQL cannot store (U+0000, half of a surrogate
 * pair: lib/http/unstorable-text.ts). A required parameter that is null or undefined gives the
 * spec's exact MISSING_PARAMETER message; any other problem VALIDATION_FAILED with the fields
 * involved, each `{ path, code, params?, message }` (lib/errors/zod-field-problems.ts), translated
 * where the error is rendered.
 */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown, operation: string): z.infer<S> {
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    throw new AppError(AppErrorCode.VALIDATION_FAILED, {
      message: "The request body must be a JSON object.",
      params: { fields: "body" },
    });
  }
  const unstorable = unstorablePath(data);
  if (unstorable) throw unstorableText(unstorable.path, unstorable.reason);
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const missing = result.error.issues.find(
    (issue) => issue.code === "invalid_type" && issue.path.length > 0 && valueAt(data, issue.path) == null,
  );
  if (missing) throw missingParameter(missing.path.join("."), operation);
  const fields = zodFieldProblems(result.error.issues, data);
  const paths = [...new Set(fields.map((f) => f.path))].join(", ");
  throw new AppError(AppErrorCode.VALIDATION_FAILED, {
    message: `Some fields are not valid: ${paths}`,
    params: { fields: paths },
    details: { fields },
  });
}

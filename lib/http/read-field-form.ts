import type { z } from "zod";
import type { FieldUpload } from "@/lib/documents/field-uploads";
import { uploadMaxFiles } from "@/lib/files/upload-limits";
import { parseInput, readJsonBody } from "./parse-input";
import { readUpload } from "./read-upload";

/**
 * The body of a form over a template's fields: JSON, or, when it carries the files of upload
 * fields, multipart with that JSON as `data` and each file as a part named `field:<field name>`.
 * The JSON is validated with `schema`; the files are checked by the service.
 */
export async function readFieldForm<S extends z.ZodType>(
  req: Request,
  operation: string,
  schema: S,
): Promise<{ input: z.infer<S>; uploads: FieldUpload[] }> {
  if (req.headers.get("content-type")?.toLowerCase().startsWith("multipart/form-data")) {
    const { files, data } = await readUpload(req, operation, { maxFiles: uploadMaxFiles(), required: false, byField: true });
    return {
      input: parseInput(schema, data, operation),
      uploads: files.map((file) => ({ name: file.name, bytes: file.bytes, field: file.field ?? "" })),
    };
  }
  return { input: parseInput(schema, await readJsonBody(req), operation), uploads: [] };
}

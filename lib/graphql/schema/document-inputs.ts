import { z } from "zod";
import { parseInput } from "@/lib/http/parse-input";
import { builder, uploadedFile } from "../builder";
import { withoutUndefined } from "./arguments";

/** The documents' input types and what turns them into the declarations' input. */

/** The document fields a person sets; shared by the create and update inputs. */
type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
const documentFields = (t: PothosSchemaTypes.InputFieldBuilder<Types, "InputObject">) => ({
  name: t.string(),
  description: t.string(),
  language: t.string(),
  jurisdiction: t.string(),
  ref: t.string(),
  risk: t.int(),
  complexity: t.int(),
  priority: t.int(),
  value: t.float(),
  currency: t.string(),
  startedAt: t.string({ description: "YYYY-MM-DD or an ISO date-time." }),
  endedAt: t.string({ description: "YYYY-MM-DD or an ISO date-time." }),
  renewalAt: t.string({ description: "YYYY-MM-DD or an ISO date-time." }),
  categoryId: t.id(),
  folderId: t.id(),
  tagIds: t.idList(),
});

export const CreateDocumentInput = builder.inputType("CreateDocumentInput", {
  fields: (t) => ({
    ...documentFields(t),
    templateId: t.id({ description: "Generate from this published template, filling `values`." }),
    values: t.field({ type: "JSON", description: "Field name → value, for a document made from a template." }),
  }),
});

/** One file for one of a template's upload fields (attachment, file or image), at createDocument. */
export const FieldFileInput = builder.inputType("FieldFileInput", {
  fields: (t) => ({
    name: t.string({ required: true, description: "The template field's name (as in `variables`)." }),
    file: t.field({ type: "File", required: true }),
  }),
});
const fieldFilesSchema = z.object({ fieldFiles: z.array(z.object({ name: z.string().min(1).max(100) })) });

/**
 * The fieldFiles argument as the declarations take their files: the names checked, then each
 * file read (its size first), with its field's name, as the REST route's `field:<name>` parts.
 */
export async function fieldFileUploads(fieldFiles: readonly { name: string; file: File }[], operation: string) {
  parseInput(fieldFilesSchema, { fieldFiles: fieldFiles.map(({ name }) => ({ name })) }, operation);
  const files = [];
  for (const { name, file } of fieldFiles) files.push({ ...(await uploadedFile(file)), field: name });
  return files;
}

/** Document fields without undefined, and without nulls where null means nothing (name, tags). */
export const cleanFields = (data: object | null | undefined) => {
  const fields = withoutUndefined(data);
  for (const key of ["name", "tagIds"]) if (fields[key] === null) delete fields[key];
  return fields;
};

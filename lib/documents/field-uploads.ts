import { AppError, AppErrorCode, isAppError, type FieldProblem } from "@/lib/errors/app-error";
import { inspectAttachmentFile, type AttachmentFile } from "@/lib/files/attachment-file";
import { tooManyFiles, uploadMaxFiles, type UploadedFile } from "@/lib/files/upload-limits";
import { UPLOAD_TYPES } from "@/lib/templates/variable-types";
import { fieldProblem, type UploadValue, type Variable } from "@/lib/templates/variables";

/** A file given for one of a template's attachment, file or image fields. */
export type FieldUpload = UploadedFile & { field: string };

/** A checked file to keep with the document, and the field it fills (null: an annex). */
export type PreparedAttachment = AttachmentFile & { variable: string | null };

/**
 * Checks the files given for a template's upload fields, each by its content: an image field
 * takes a PNG or JPEG, attachment and file fields a PDF, Word (.docx) or image. A file for a
 * field the template does not have, or that is not an upload field, or two for one field, is
 * VALIDATION_FAILED; more files than UPLOAD_MAX_FILES is TOO_MANY_FILES. A file of the wrong
 * kind, damaged, that does not open (FILE_UNREADABLE → `fileUnreadable`, with its reason), too
 * large, or a picture past FIELD_IMAGE_MAX_PIXELS (`imagePixels`) is a problem of its field (`problems`, reported with the form's other fields). Returns the value each field gets and the files to keep.
 */
export async function prepareFieldUploads(variables: Variable[], uploads: FieldUpload[]) {
  if (uploads.length > uploadMaxFiles()) throw tooManyFiles();
  const byName = new Map(variables.filter((v) => !v.deprecated && UPLOAD_TYPES.includes(v.type)).map((v) => [v.name, v]));
  const seen = new Set<string>();
  for (const upload of uploads) {
    if (!byName.has(upload.field) || seen.has(upload.field)) {
      throw new AppError(AppErrorCode.VALIDATION_FAILED, {
        message: `"${upload.field}" is not a file field of this template, or has two files.`,
        params: { fields: upload.field },
      });
    }
    seen.add(upload.field);
  }
  const values: Record<string, UploadValue> = {};
  const attachments: PreparedAttachment[] = [];
  const problems: FieldProblem[] = [];
  for (const upload of uploads) {
    const variable = byName.get(upload.field)!;
    const isImage = variable.type === "image";
    try {
      const file = await inspectAttachmentFile(upload, { imageOnly: isImage });
      attachments.push({ ...file, variable: variable.name });
      values[variable.name] = { name: file.name, mimetype: file.mimetype, size: file.bytes.byteLength };
    } catch (error) {
      if (!isAppError(error)) throw error;
      const pixels = (error.details.fields as FieldProblem[] | undefined)?.find((problem) => problem.code === "imagePixels");
      if (pixels) {
        problems.push(fieldProblem(variable.name, "imagePixels", pixels.params));
        continue;
      }
      const code = (
        {
          [AppErrorCode.FILE_TOO_LARGE]: "fileTooLarge",
          [AppErrorCode.FILE_CORRUPT]: "fileCorrupt",
          [AppErrorCode.FILE_UNREADABLE]: "fileUnreadable",
          [AppErrorCode.FILE_TYPE_NOT_ALLOWED]: isImage ? "imageType" : "fileType",
        } as const
      )[error.code as string];
      if (!code) throw error;
      // fileUnreadable keeps why (reason, kind, max pages) so the field's message can say it.
      problems.push(
        fieldProblem(
          variable.name,
          code,
          code === "fileTooLarge" ? { max: error.params.max } : code === "fileUnreadable" ? error.params : undefined,
        ),
      );
    }
  }
  return { values, attachments, problems };
}

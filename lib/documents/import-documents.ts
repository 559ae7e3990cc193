import type { ServiceContext } from "@/lib/auth/context";
import { assertPlanCapability } from "@/lib/accounts/plan-capability";
import { accountScope } from "@/lib/accounts/scope";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { inspectContractFile } from "@/lib/files/inspect-contract-file";
import { tooManyFiles, uploadMaxFiles, type UploadedFile } from "@/lib/files/upload-limits";
import { defaultName, fileFields } from "./create-document";
import type { DocumentFields } from "./document-schemas";
import { insertDocuments } from "./insert-documents";

/**
 * Creates several documents at once from uploads (spec importDocuments): every file is checked
 * first and all are stored in one transaction, so one bad file stores none. Needs the plan's
 * import capability, ManageDocuments, and at most UPLOAD_MAX_FILES files.
 */
export async function importDocuments(ctx: ServiceContext, fields: DocumentFields, uploads: UploadedFile[]) {
  accountScope(ctx);
  assertPlanCapability(ctx, "import");
  if (uploads.length === 0)
    throw new AppError(AppErrorCode.MISSING_PARAMETER, {
      message: "Required parameter files was null or undefined when calling importDocuments",
      params: { name: "files", operation: "importDocuments" },
    });
  if (uploads.length > uploadMaxFiles()) throw tooManyFiles();
  const files = [];
  for (const upload of uploads) files.push({ upload, file: await inspectContractFile(upload) });
  return insertDocuments(
    ctx,
    files.map(({ upload, file }) => ({
      fields: { ...fields, name: undefined },
      name:
        upload.name
          .replace(/\.[^.]+$/, "")
          .trim()
          .slice(0, 200) || defaultName(ctx),
      file: fileFields(file, upload.name),
      auditEvent: "document.created",
      auditPayload: { from: "import" },
    })),
  );
}

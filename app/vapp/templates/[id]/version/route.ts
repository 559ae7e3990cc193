import { readUpload } from "@/lib/http/read-upload";
import { route } from "@/lib/http/route";
import { updateTemplateVersion } from "@/lib/templates/templates";

/** A new file for the template (multipart `file`); its fields are found again. */
export const POST = route({ operation: "updateTemplateVersion" }, async ({ ctx, params, req }) => {
  const { files } = await readUpload(req, "updateTemplateVersion");
  return updateTemplateVersion(ctx, params.id, files[0]);
});

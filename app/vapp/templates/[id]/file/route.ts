import { fileResponse } from "@/lib/http/file-response";
import { route } from "@/lib/http/route";
import { getTemplateFile } from "@/lib/templates/templates";

/** Downloads the template's current file. */
export const GET = route({ operation: "getTemplateFile" }, async ({ ctx, params }) => fileResponse(await getTemplateFile(ctx, params.id)));

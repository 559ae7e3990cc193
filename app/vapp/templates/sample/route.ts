import { fileResponse } from "@/lib/http/file-response";
import { route } from "@/lib/http/route";
import { getSampleTemplate, sampleTemplateSchema } from "@/lib/templates/get-sample-template";

/** Downloads the welcome tour's sample template (?lang=en|es) as an attachment. */
export const GET = route({ operation: "getSampleTemplate", input: sampleTemplateSchema }, async ({ ctx, input }) =>
  fileResponse(getSampleTemplate(ctx, input)),
);

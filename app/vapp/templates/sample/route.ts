import { restRoute } from "@/lib/operations/rest";
import { sampleTemplateOperation } from "@/lib/templates/template-operations";

/** Downloads the welcome tour's sample template (?lang=en|es) as an attachment. */
export const GET = restRoute(sampleTemplateOperation);

/**
 * The templates' services, one verb per file (issue 14, part 7); this module gathers them for the
 * callers that import them from one place.
 */
export { templateFieldsSchema, templateInclude, templateListSchema, type TemplateFields, type TemplateListInput } from "./template-schemas";
export { getTemplate, getTemplateFile } from "./get-template";
export { createTemplate } from "./create-template";
export { updateTemplate, updateTemplateDestinationFolder } from "./update-template";
export { publishUnpublishTemplate } from "./publish-template";
export { cloneTemplate } from "./clone-template";
export { updateTemplateVersion } from "./update-template-version";
export { deleteTemplates } from "./delete-templates";
export { findTemplates } from "./find-templates";

/**
 * Message sets several screens send to their client components (components/i18n/client-messages.tsx):
 * a screen spreads them into its `<ClientMessages namespaces={[...SHELL_MESSAGES, ...DOCUMENT_LIST_MESSAGES]}>`.
 * Keys or whole namespaces ("a" sends "a.b" too). tests/unit/i18n/client-messages.test.ts says
 * what a screen lacks and where to add it.
 */

/**
 * Failures in the browser: the server's answers carry their sentence already
 * (components/auth/use-error-text.ts), these two are for ours and for no answer at all.
 */
export const ERROR_MESSAGES = ["errors.INTERNAL", "errors.NETWORK"] as const;

/**
 * The signed-in shell (components/layout/app-shell.tsx): side menu, user and workspace menus,
 * language switcher, upgrade modal, terms of service, and the alerts of the screens' actions.
 */
export const SHELL_MESSAGES = ["common", "nav", "upgrade", "tos", "alerts", ...ERROR_MESSAGES] as const;

/** The sign-in screens (app/(auth)/, /invite, /create-account, /verify-email): forms and password rules. */
export const AUTH_MESSAGES = ["auth", "common", ...ERROR_MESSAGES] as const;

/** A document's form (components/templates/create-document-form.tsx) on the template and review screens. */
export const DOCUMENT_FORM_MESSAGES = [
  "templates.createDocument",
  "templates.documentName",
  "templates.generate",
  "templates.identityTypes",
  "templates.inputs",
  "documents.editValues",
  "documents.valuesHelp",
  "documents.saveValues",
  "documents.cancelValues",
  "dataStore.fromDataStore",
  "errors.fields.fileTooLarge",
  "alerts.saved",
] as const;

/**
 * The documents list (/docs, components/documents/documents-list.tsx): its header, filters,
 * table, row menu and dialogs, bulk delete, the Upload button and its dialog, and the folder bar,
 * tree and picker. The shared list components (components/lists/) get their texts from the list,
 * built with literal keys, so only these leave the server.
 */
export const DOCUMENT_LIST_MESSAGES = [
  "documents.title",
  "documents.archiveTitle",
  "documents.views",
  "documents.currentView",
  "documents.archivedView",
  "documents.exportCsv",
  "documents.upload",
  // The filters (components/lists/list-filters.tsx: its own texts under "lists").
  "lists",
  "documents.search",
  "documents.statusFilter",
  "documents.category",
  "documents.tag",
  "documents.author",
  "documents.dates",
  // The table (components/lists/list-table.tsx) and its rows.
  "documents.empty",
  "documents.archiveEmpty",
  "documents.columns",
  "documents.status",
  "documents.health",
  "documents.selectAll",
  "documents.select",
  "documents.actions",
  "documents.actionsFor",
  // A row's menu and its dialogs (components/lists/row-dialogs.tsx).
  "documents.open",
  "documents.download",
  "documents.downloadPdf",
  "documents.duplicate",
  "documents.archive",
  "documents.restore",
  "documents.moveToFolder",
  "documents.moveDescription",
  "documents.delete",
  "documents.confirmDelete",
  // Bulk delete (components/lists/selection-delete-bar.tsx).
  "documents.selected",
  "documents.deleteSelected",
  "documents.confirmBulkDelete",
  // The upload dialog (components/documents/upload-document-dialog.tsx).
  "documents.uploadTitle",
  "documents.uploadHelp",
  "documents.files",
  "documents.cancel",
  "documents.uploadButton",
  "documents.importFeature",
  "folders",
] as const;

/**
 * The templates list (/templates, components/templates/templates-list.tsx): its header, filters,
 * table, row menu and dialogs, bulk delete, the Add template dialog, and the folder bar, tree and
 * picker, with literal keys as for DOCUMENT_LIST_MESSAGES.
 */
export const TEMPLATE_LIST_MESSAGES = [
  "templates.title",
  "templates.exportCsv",
  // The filters (components/lists/list-filters.tsx: its own texts under "lists").
  "lists",
  "templates.search",
  "templates.state",
  "templates.allStates",
  "templates.published",
  "templates.draft",
  "templates.category",
  "templates.allCategories",
  "templates.tags",
  "templates.allTags",
  "templates.author",
  "templates.dates",
  // The table (components/lists/list-table.tsx) and its rows.
  "templates.empty",
  "templates.name",
  "templates.fields",
  "templates.created",
  "templates.updated",
  "templates.selectAll",
  "templates.select",
  "templates.actions",
  "templates.actionsFor",
  // A row's menu and its dialogs (components/lists/row-dialogs.tsx).
  "templates.open",
  "templates.publish",
  "templates.unpublish",
  "templates.duplicate",
  "templates.download",
  "templates.moveToFolder",
  "templates.moveDescription",
  "templates.delete",
  "templates.confirmDelete",
  // Bulk delete (components/lists/selection-delete-bar.tsx).
  "templates.selected",
  "templates.deleteSelected",
  "templates.confirmBulkDelete",
  // Add template (components/templates/upload-template.tsx).
  "templates.add",
  "templates.uploadTitle",
  "templates.uploadHelp",
  "templates.file",
  "templates.nameHint",
  "templates.cancel",
  "templates.upload",
  "folders",
] as const;

/**
 * The welcome tour's part on the templates list (components/tour/welcome-tour.tsx): the intro and
 * the guided steps up to the upload (the rest run on the template page). Its buttons name
 * "templates.add" and "templates.upload" (TEMPLATE_LIST_MESSAGES).
 */
export const WELCOME_TOUR_MESSAGES = [
  "tour.stepOf",
  "tour.close",
  "tour.skip",
  "tour.start",
  "tour.back",
  "tour.continue",
  "tour.intro",
  "tour.guide.addTitle",
  "tour.guide.addBody",
  "tour.guide.fileTitle",
  "tour.guide.fileBody",
  "tour.guide.sampleIntro",
  "tour.guide.sampleEn",
  "tour.guide.sampleEs",
  "tour.guide.nameTitle",
  "tour.guide.nameBody",
  "tour.guide.uploadTitle",
  "tour.guide.uploadBody",
] as const;

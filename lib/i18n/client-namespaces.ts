/**
 * Message sets several screens send to their client components (components/i18n/client-messages.tsx):
 * a screen spreads them into its `<ClientMessages namespaces={[...SHELL_MESSAGES, "documents"]}>`.
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

import type { OperationRoute } from "./operation-route";
import * as member from "./routes/member";
import * as account from "./routes/account";
import * as brandImage from "./routes/brand-image";
import * as role from "./routes/role";
import * as token from "./routes/token";
import * as auth from "./routes/auth";
import * as session from "./routes/session";
import * as user from "./routes/user";
import * as exportAuditTrail from "./routes/export-audit-trail";
import * as verifyAuditTrail from "./routes/verify-audit-trail";
import * as verifyUser from "./routes/verify-user";
import * as category from "./routes/category";
import * as attachment from "./routes/attachment";
import * as documentFile from "./routes/document-file";
import * as document from "./routes/document";
import * as documentOverview from "./routes/document-overview";
import * as search from "./routes/search";
import * as tag from "./routes/tag";
import * as publicTemplate from "./routes/public-template";
import * as dataStore from "./routes/data-store";
import * as templateDocument from "./routes/template-document";
import * as folder from "./routes/folder";
import * as template from "./routes/template";
import * as comment from "./routes/comment";
import * as policy from "./routes/policy";
import * as relation from "./routes/relation";
import * as link from "./routes/link";
import * as visitor from "./routes/visitor";
import * as approval from "./routes/approval";
import * as sealing from "./routes/sealing";
import * as reminder from "./routes/reminder";
import * as workQueue from "./routes/work-queue";
import * as activity from "./routes/activity";
import * as pageImage from "./routes/page-image";
import * as signature from "./routes/signature";
import * as billing from "./routes/billing";
import * as paymentMethod from "./routes/payment-method";

/**
 * Every operation's handle, by the domain module that holds it (lib/operations/routes/), for the
 * server (links in emails, the OpenAPI description) and the tests. A new domain's module is added
 * here; tests/integration/http/operation-routes.test.ts fails for a declaration without a handle.
 */
export const ROUTE_MODULES = {
  member,
  account,
  brandImage,
  role,
  token,
  auth,
  session,
  user,
  exportAuditTrail,
  verifyAuditTrail,
  verifyUser,
  category,
  attachment,
  documentFile,
  document,
  documentOverview,
  search,
  tag,
  publicTemplate,
  dataStore,
  templateDocument,
  folder,
  template,
  comment,
  policy,
  relation,
  link,
  visitor,
  approval,
  sealing,
  reminder,
  workQueue,
  activity,
  pageImage,
  signature,
  billing,
  paymentMethod,
};

type Handle = { [M in keyof typeof ROUTE_MODULES]: (typeof ROUTE_MODULES)[M][keyof (typeof ROUTE_MODULES)[M]] }[keyof typeof ROUTE_MODULES];

/** The name of every declared operation with a REST route. */
export type RoutedOperationName = Handle["name"];

/**
 * The handles keyed by operation name. Screens import the handles themselves, so this table never
 * reaches the browser (tests/unit/bundles/client-imports.test.ts).
 */
export const OPERATION_ROUTES = Object.fromEntries(
  Object.values(ROUTE_MODULES).flatMap((handles) =>
    Object.values(handles as Record<string, OperationRoute>).map((handle) => [handle.name, handle]),
  ),
) as { [H in Handle as H["name"]]: H };

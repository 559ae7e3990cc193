import { memberOperations } from "@/lib/accounts/member-operations";
import { accountOperations } from "@/lib/accounts/account-operations";
import { brandImageOperations } from "@/lib/accounts/brand-image-operations";
import { roleOperations } from "@/lib/accounts/role-operations";
import { tokenOperations } from "@/lib/accounts/token-operations";
import { authOperations } from "@/lib/sign-in/sign-in-operations";
import { sessionOperations } from "@/lib/users/session-operations";
import { userOperations } from "@/lib/users/user-operations";
import { exportAuditTrailOperation } from "@/lib/audit/export-audit-trail";
import { verifyAuditTrailOperation } from "@/lib/audit/verify-audit-trail";
import { categoryOperations } from "@/lib/categories/category-operations";
import { attachmentOperations } from "@/lib/documents/attachment-operations";
import { documentFileOperations } from "@/lib/documents/document-file-operations";
import { documentOperations } from "@/lib/documents/document-operations";
import { documentOverviewOperations } from "@/lib/documents/document-overview-operations";
import { searchOperations } from "@/lib/search/search-operations";
import { tagOperations } from "@/lib/tags/tag-operations";
import { publicApiOperations } from "@/lib/api/public-template-operations";
import { dataStoreOperations } from "@/lib/datastore/data-store-operations";
import { templateDocumentOperations } from "@/lib/documents/template-document-operations";
import { folderOperations } from "@/lib/folders/folder-operations";
import { templateOperations } from "@/lib/templates/template-operations";
import { commentOperations } from "@/lib/documents/comment-operations";
import { policyOperations } from "@/lib/documents/policy-operations";
import { relationOperations } from "@/lib/documents/relation-operations";
import { linkOperations } from "@/lib/links/link-operations";
import { visitorOperations } from "@/lib/links/visitor-operations";
import { approvalOperations } from "@/lib/approvals/approval-operations";
import { sealingOperations } from "@/lib/sealing/sealing-operations";
import { reminderOperations } from "@/lib/reminders/reminder-operations";
import { workQueueOperations } from "@/lib/work-queue/work-queue-operations";
import { activityOperations } from "@/lib/documents/activity-operations";
import { pageImageOperations } from "@/lib/documents/page-image-operations";
import { signatureOperations } from "@/lib/signatures/signature-operations";
import { signingOperations } from "@/lib/signing/verify-user-operations";
import { billingOperations } from "@/lib/billing/billing-operations";
import { paymentMethodOperations } from "@/lib/billing/payment-method-operations";
import type { Operation } from "@/lib/operations/operation";

/**
 * Every declared operation. The isolation test walks this list: a declaration with `ids` and no
 * isolation case fails it. Add a domain's operations here when it gets its declarations.
 */
const declared = [
  ...memberOperations,
  ...categoryOperations,
  ...tagOperations,
  ...authOperations,
  ...sessionOperations,
  ...userOperations,
  ...accountOperations,
  ...brandImageOperations,
  ...roleOperations,
  ...tokenOperations,
  exportAuditTrailOperation,
  verifyAuditTrailOperation,
  ...templateOperations,
  ...templateDocumentOperations,
  ...folderOperations,
  ...dataStoreOperations,
  ...publicApiOperations,
  ...documentOperations,
  ...documentOverviewOperations,
  ...documentFileOperations,
  ...attachmentOperations,
  ...searchOperations,
  // Collaboration around a document: policies, share links and their visitors, relations, comments.
  ...policyOperations,
  ...linkOperations,
  ...visitorOperations,
  ...relationOperations,
  ...commentOperations,
  // Approvals: members manage approvers, the reviewer acts by the signed header.
  ...approvalOperations,
  // Sealing signed documents: an owner's retry, a signer's sealed copy, the public verify page.
  ...sealingOperations,
  // Reminders, the dashboard's work queue, activity by document or email (issue 16).
  ...reminderOperations,
  ...workQueueOperations,
  ...activityOperations,
  // Signing (issue 16): page images for members, signers and reviewers; signers, parties, placement.
  ...pageImageOperations,
  ...signatureOperations,
  ...signingOperations,
  // Billing: plans, subscription, invoices, billing details and cards.
  ...billingOperations,
  ...paymentMethodOperations,
];

export const OPERATIONS: readonly Operation[] = declared as readonly Operation[];

/** The declarations by name, typed: the browser's client takes its input and output types from here (types only). */
export type DeclaredOperations = { [O in (typeof declared)[number] as O["name"]]: O };

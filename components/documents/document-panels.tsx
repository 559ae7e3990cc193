"use client";

import dynamic from "next/dynamic";
import { lazyWithMessages } from "@/components/i18n/lazy-with-messages";

/**
 * The document screen's tab panels, loaded when their tab is first opened, with their messages
 * (components/i18n/lazy-with-messages.tsx): the screen opens on the document itself, so their
 * code (about 15 KB gzip) and their texts stay out of its first load (docs/benchmarks.md,
 * "First-load JavaScript" and "Messages in the HTML"). The page renders them as it did the panels.
 * RequestAccess is only code-split: only someone without access to the document sees it, and
 * sees it first.
 */
export const AttachmentsPanel = lazyWithMessages(
  () => import("./attachments-panel").then((m) => m.AttachmentsPanel),
  ["documents.attachments"],
);
export const DocumentAccessPanel = lazyWithMessages(
  () => import("./document-access-panel").then((m) => m.DocumentAccessPanel),
  ["documentAccess", "workspace.documentShareExternalAccountMembers"],
);
export const ShareLinksPanel = lazyWithMessages(() => import("./share-links-panel").then((m) => m.ShareLinksPanel), ["shareLinks"]);
export const RelationsPanel = lazyWithMessages(() => import("./relations-panel").then((m) => m.RelationsPanel), ["relations"]);
export const CommentsPanel = lazyWithMessages(() => import("./comments-panel").then((m) => m.CommentsPanel), ["comments"]);
export const RequestAccess = dynamic(() => import("./request-access").then((m) => m.RequestAccess));
export const ApprovalsPanel = lazyWithMessages(
  () => import("@/components/approvals/approvals-panel").then((m) => m.ApprovalsPanel),
  ["approvals"],
);
export const SignaturesPanel = lazyWithMessages(
  () => import("@/components/signatures/signatures-panel").then((m) => m.SignaturesPanel),
  ["signing.panel", "signing.sign.boxSignature", "signing.sign.boxInitials", "signing.sign.pageAlt"],
);
/** In document-view.tsx, the client part that shows the tabs. */
export const RemindersPanel = lazyWithMessages(
  () => import("@/components/reminders/reminders-panel").then((m) => m.RemindersPanel),
  ["reminders"],
);
/** The Activity tab: the audit trail's events as sentences, with their words. */
export const ActivityPanel = lazyWithMessages(() => import("./activity-panel").then((m) => m.ActivityPanel), ["documents.activity"]);

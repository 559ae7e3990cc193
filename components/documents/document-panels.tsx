"use client";

import dynamic from "next/dynamic";

/**
 * The document screen's tab panels, loaded when their tab is first opened: the screen opens on
 * the document itself, so their code (about 15 KB gzip) stays out of its first load
 * (docs/benchmarks.md, "First-load JavaScript"). The page renders them as it did the panels.
 * RequestAccess too: only someone without access to the document sees it.
 */
export const AttachmentsPanel = dynamic(() => import("./attachments-panel").then((m) => m.AttachmentsPanel));
export const DocumentAccessPanel = dynamic(() => import("./document-access-panel").then((m) => m.DocumentAccessPanel));
export const ShareLinksPanel = dynamic(() => import("./share-links-panel").then((m) => m.ShareLinksPanel));
export const RelationsPanel = dynamic(() => import("./relations-panel").then((m) => m.RelationsPanel));
export const CommentsPanel = dynamic(() => import("./comments-panel").then((m) => m.CommentsPanel));
export const RequestAccess = dynamic(() => import("./request-access").then((m) => m.RequestAccess));
export const ApprovalsPanel = dynamic(() => import("@/components/approvals/approvals-panel").then((m) => m.ApprovalsPanel));
export const SignaturesPanel = dynamic(() => import("@/components/signatures/signatures-panel").then((m) => m.SignaturesPanel));

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { fetchValidApprovalOperation, reviseApprovalDocumentOperation } from "@/lib/approvals/approval-operations";
import { createApproval } from "@/lib/approvals/create-approval";
import { requestApprovals } from "@/lib/approvals/request-approvals";
import { reviewDocument } from "@/lib/approvals/review-document";
import type { ServiceContext } from "@/lib/auth/context";
import { createDocumentFromTemplate } from "@/lib/documents/create-document-from-template";
import { lockDocument } from "@/lib/documents/lock-document";
import { listenForEvents, pubsub, stopListening } from "@/lib/events/pubsub";
import { makeDocx } from "@/lib/files/make-docx";
import { stopJobs } from "@/lib/jobs/queue";
import { runOperation } from "@/lib/operations/operation";
import { createTemplate, publishUnpublishTemplate, updateTemplate } from "@/lib/templates/templates";
import { uniqueEmail } from "@/tests/factories";
import { makeTextPdf } from "@/tests/fixtures/pdf";
import { approvalLinkFor, approvalWorkspace, reviewerCtx } from "./approval-fixtures";

/**
 * A reviewer whose approval allows modification changes the document on /review (issue 16,
 * Approval.settings.allowModification): the fields of a document made from a template, or a
 * revised file of an uploaded one, each kept as a new version by the members' own writes,
 * audited with the reviewer's address, IP and user agent, and announced live. Refused when the
 * setting is off, while a member edits, and once the approval is decided.
 */
let w: Awaited<ReturnType<typeof approvalWorkspace>>;
let fromTemplate: { id: string };

async function approverOf(ctx: ServiceContext, documentId: string, allowModification: boolean) {
  const email = uniqueEmail("modifier");
  const approval = await createApproval(ctx, {
    documentId,
    email,
    firstName: "Rita",
    lastName: "Reviewer",
    settings: { allowModification },
  });
  return { approval, email };
}

beforeAll(async () => {
  w = await approvalWorkspace();
  const template = await createTemplate(
    w.adminCtx,
    { name: "Offer" },
    { name: "offer.docx", bytes: makeDocx(["Offer for [client]", "Amount: [amount]"]) },
  );
  await updateTemplate(w.adminCtx, template.id, {
    variables: [
      { name: "client", type: "text", required: true, deprecated: false, options: {} },
      { name: "amount", type: "text", required: false, deprecated: false, options: {} },
    ],
  });
  await publishUnpublishTemplate(w.adminCtx, template.id, true);
  fromTemplate = await createDocumentFromTemplate(w.adminCtx, {
    templateId: template.id,
    values: { client: "Acme", amount: "100" },
    fields: {},
  });
  await listenForEvents();
}, 60_000);
afterAll(async () => {
  await stopListening();
  await stopJobs();
});

const pdfUpload = async (text: string) => ({ name: "revised.pdf", bytes: await makeTextPdf([[text]]), field: "file" });

describe("a reviewer who may change the document", () => {
  it("changes a template document's field values as a new version, audited with their address, IP and user agent, announced live", async () => {
    const { approval, email } = await approverOf(w.adminCtx, fromTemplate.id, true);
    await requestApprovals(w.adminCtx, fromTemplate.id);
    const { token } = await approvalLinkFor(email);

    const view = await runOperation(fetchValidApprovalOperation, reviewerCtx(token), {});
    expect(view.modification).toMatchObject({ kind: "values", values: { client: "Acme", amount: "100" } });
    expect(view.modification!.variables.map((v) => v.name)).toEqual(["client", "amount"]);

    const events = pubsub.subscribe("document:signing", fromTemplate.id)[Symbol.asyncIterator]();
    const next = events.next();
    const before = await db.documentContent.count({ where: { documentId: fromTemplate.id } });
    const result = await runOperation(reviseApprovalDocumentOperation, reviewerCtx(token), {
      id: approval.id,
      values: { client: "Acme Iberia", amount: "120" },
      files: [],
    });
    expect(result.version).toBe(before + 1);
    expect((await next).value).toMatchObject({ documentId: fromTemplate.id, kind: "approval", id: approval.id, state: "modified" });
    await events.return?.();

    const document = await db.document.findUniqueOrThrow({ where: { id: fromTemplate.id } });
    expect((document.variables as { values: Record<string, unknown> }).values).toMatchObject({ client: "Acme Iberia", amount: "120" });
    const latest = await db.documentContent.findFirstOrThrow({ where: { documentId: fromTemplate.id }, orderBy: { version: "desc" } });
    expect(latest.text).toContain("Acme Iberia");
    expect(latest.authorId).toBeNull();
    const audit = await db.audit.findFirstOrThrow({ where: { targetId: fromTemplate.id, eventType: "document.valuesUpdated" } });
    expect(audit).toMatchObject({ via: "signed", ip: "203.0.113.9", userAgent: "vitest-reviewer", userId: null });
    expect(audit.payload).toMatchObject({ by: "reviewer", approvalId: approval.id, email, fields: ["client", "amount"] });
    const marked = await db.approval.findUniqueOrThrow({ where: { id: approval.id } });
    expect((marked.metadata as { modifiedAt?: string }).modifiedAt).toBeTruthy();
    expect(marked.approvedAt).toBeNull();

    // A bad value is refused field by field, and nothing is written.
    const bad = await runOperation(reviseApprovalDocumentOperation, reviewerCtx(token), {
      id: approval.id,
      values: { client: "" },
      files: [],
    }).catch((e) => e);
    expect(bad).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(await db.documentContent.count({ where: { documentId: fromTemplate.id } })).toBe(before + 1);

    // Once decided, the link changes nothing more.
    await reviewDocument(reviewerCtx(token), { id: approval.id, isApproved: true });
    const late = await runOperation(reviseApprovalDocumentOperation, reviewerCtx(token), {
      id: approval.id,
      values: { client: "Too late" },
      files: [],
    }).catch((e) => e);
    expect(late).toMatchObject({ code: "SIGNING_LINK_INVALID", details: { reason: "completed" } });
    expect(await db.documentContent.count({ where: { documentId: fromTemplate.id } })).toBe(before + 1);
  });

  it("uploads a revised file of an uploaded document as a new version; refused without the setting and while a member edits", async () => {
    const allowed = await approverOf(w.ctx, w.document.id, true);
    const refused = await approverOf(w.ctx, w.document.id, false);
    await db.document.update({ where: { id: w.document.id }, data: { settings: { approvalProcess: "parallel" } } });
    await requestApprovals(w.ctx, w.document.id);
    const allowedToken = (await approvalLinkFor(allowed.email)).token;
    const refusedToken = (await approvalLinkFor(refused.email)).token;
    const before = await db.documentContent.count({ where: { documentId: w.document.id } });

    expect((await runOperation(fetchValidApprovalOperation, reviewerCtx(refusedToken), {})).modification).toBeNull();
    const off = await runOperation(reviseApprovalDocumentOperation, reviewerCtx(refusedToken), {
      id: refused.approval.id,
      files: [await pdfUpload("Not allowed")],
    }).catch((e) => e);
    expect(off).toMatchObject({ code: "MODIFICATION_NOT_ALLOWED" });

    expect((await runOperation(fetchValidApprovalOperation, reviewerCtx(allowedToken), {})).modification).toMatchObject({ kind: "file" });
    // Field values are for template documents; an uploaded one takes a file.
    const values = await runOperation(reviseApprovalDocumentOperation, reviewerCtx(allowedToken), {
      id: allowed.approval.id,
      values: { client: "x" },
      files: [],
    }).catch((e) => e);
    expect(values).toMatchObject({ code: "VALIDATION_FAILED" });

    // A member holding the edit lock keeps the reviewer out until they are done.
    await lockDocument(w.ctx, w.document.id);
    const locked = await runOperation(reviseApprovalDocumentOperation, reviewerCtx(allowedToken), {
      id: allowed.approval.id,
      files: [await pdfUpload("While locked")],
    }).catch((e) => e);
    expect(locked).toMatchObject({ code: "DOCUMENT_LOCKED" });
    await db.document.update({ where: { id: w.document.id }, data: { lockedById: null, lockedAt: null } });
    expect(await db.documentContent.count({ where: { documentId: w.document.id } })).toBe(before);

    const result = await runOperation(reviseApprovalDocumentOperation, reviewerCtx(allowedToken), {
      id: allowed.approval.id,
      files: [await pdfUpload("Revised by the reviewer")],
    });
    expect(result.version).toBe(before + 1);
    const latest = await db.documentContent.findFirstOrThrow({ where: { documentId: w.document.id }, orderBy: { version: "desc" } });
    expect(latest).toMatchObject({ mimetype: "application/pdf", name: "revised.pdf" });
    const audit = await db.audit.findFirstOrThrow({ where: { targetId: w.document.id, eventType: "document.versionUpdated" } });
    expect(audit).toMatchObject({ via: "signed", ip: "203.0.113.9", userAgent: "vitest-reviewer" });
    expect(audit.payload).toMatchObject({ by: "reviewer", approvalId: allowed.approval.id, email: allowed.email, version: before + 1 });
  });
});

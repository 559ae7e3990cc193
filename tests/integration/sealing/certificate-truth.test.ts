import { afterAll, describe, expect, it } from "vitest";
import { anonymousContext } from "@/lib/auth/context";
import { signedContext } from "@/lib/auth/get-request-context";
import { recordAudit } from "@/lib/audit/record-audit";
import { db } from "@/lib/db";
import { readStored } from "@/lib/documents/stored-file";
import { extractPdfText } from "@/lib/files/pdf-text";
import { jobContext } from "@/lib/jobs/job";
import { stopJobs } from "@/lib/jobs/queue";
import { linkContext } from "@/lib/links/link-access";
import { sealDocument } from "@/lib/sealing/seal-document";
import { sealEvents, sealParties, type SealSigner } from "@/lib/sealing/seal-inputs";
import { signSigningToken } from "@/lib/signing/signing-tokens";
import { signedDocument } from "./signed-document";

/**
 * The certificate of completion tells the truth (issue 39 item 5): an approver's IP address and
 * browser come from their decision's audit row, and the audit trail names who acted through a
 * link (a reviewer or signer by their `signed` token, a share-link visitor as recorded).
 */
afterAll(async () => {
  await stopJobs();
});

const words = (text: string) => text.replace(/\s+/g, " ");
const asSealSigners = (rows: Omit<SealSigner, "placeholders">[]): SealSigner[] => rows.map((row) => ({ ...row, placeholders: [] }));

describe("the certificate of completion", () => {
  it("shows an approver's browser and IP from the audit, and names who acted through links", { timeout: 90_000 }, async () => {
    const { document, signatures, owner } = await signedDocument({ signers: [{}] });
    const { accountId } = document;
    const signer = signatures[0]!;
    const requestedAt = new Date(Date.now() - 3_600_000);

    // A reviewer approved through their link: the row is written with their request's context, as reviewDocument does.
    const approval = await db.approval.create({
      data: {
        accountId,
        documentId: document.id,
        firstName: "Rita",
        lastName: "Review",
        email: "rita@example.test",
        requestedAt,
        approvedAt: new Date(requestedAt.getTime() + 60_000),
      },
    });
    const reviewer = signedContext(
      anonymousContext({ ip: "198.51.100.20", userAgent: "ReviewerBrowser/7.0" }),
      signSigningToken({
        typ: "approval",
        rid: approval.id,
        did: document.id,
        aid: accountId,
        email: approval.email,
        rat: requestedAt.getTime(),
      }),
    );
    await recordAudit(db, reviewer, {
      eventType: "approval.approved",
      targetType: "document",
      targetId: document.id,
      payload: { approvalId: approval.id, email: approval.email, comment: null },
    });
    // The signer signed through theirs.
    const signerCtx = signedContext(
      anonymousContext({ ip: "203.0.113.1", userAgent: "Mozilla/5.0 (test)" }),
      signSigningToken({
        typ: "signature",
        rid: signer.id,
        did: document.id,
        aid: accountId,
        email: signer.email,
        rat: requestedAt.getTime(),
      }),
    );
    await recordAudit(db, signerCtx, {
      eventType: "signature.signed",
      targetType: "signature",
      targetId: signer.id,
      targetContext: document.id,
      payload: { email: signer.email, kind: "drawn" },
    });
    // Share-link visitors: one confirmed an address, one signed a comment with a name, one left neither.
    const link = await db.documentLink.create({ data: { accountId, documentId: document.id, name: "Board pack" } });
    const visitor = linkContext(anonymousContext({ ip: "192.0.2.44", userAgent: "VisitorBrowser" }), link);
    await recordAudit(db, visitor, {
      eventType: "link.accessed",
      targetType: "document",
      targetId: document.id,
      payload: { email: "vera@example.test", role: "reader" },
    });
    await recordAudit(db, visitor, {
      eventType: "document.commentAdded",
      targetType: "documentComment",
      targetId: "comment-1",
      targetContext: document.id,
      payload: { documentId: document.id, email: null, name: "Pat Visitor" },
    });
    await recordAudit(db, visitor, {
      eventType: "document.downloaded",
      targetType: "document",
      targetId: document.id,
      payload: { version: 1, email: null, inline: false },
    });

    const parties = await sealParties(accountId, document.id, asSealSigners(signatures));
    expect(parties[0]).toMatchObject({ name: "Rita Review", action: "approved", ip: "198.51.100.20", userAgent: "ReviewerBrowser/7.0" });
    const { events } = await sealEvents(accountId, document.id);
    const actorOf = (eventType: string) => events.find((e) => e.entry.eventType === eventType)?.entry;
    expect(actorOf("approval.approved")).toMatchObject({ actor: "Rita Review (rita@example.test)" });
    expect(actorOf("signature.signed")).toMatchObject({ actor: `Ana Pérez (${signer.email})` });
    expect(actorOf("link.accessed")).toMatchObject({ actor: "vera@example.test" });
    expect(actorOf("document.commentAdded")).toMatchObject({ actor: "Pat Visitor" });
    expect(actorOf("document.downloaded")).toMatchObject({ actor: null, link: "Board pack" });
    // A member is named as before.
    expect(events.some((e) => e.entry.actor === `${owner.firstName} ${owner.lastName}`.trim())).toBe(true);

    // The certificate's own text says so.
    expect(await sealDocument(jobContext("truth"), document.id, { number: 1, last: true })).toMatchObject({ sealed: true });
    const version = await db.documentContent.findFirstOrThrow({ where: { documentId: document.id }, orderBy: { version: "desc" } });
    const text = words(await extractPdfText(await readStored(version.path)));
    expect(text).toMatch(/Rita Review <rita@example\.test> Approved: .*? IP address: 198\.51\.100\.20 Browser: ReviewerBrowser\/7\.0/);
    expect(text).toContain(`Ana Pérez <${signer.email}>`);
    expect(text).toContain("IP address: 203.0.113.1");
    // The trail in sentences, as the Activity tab says them: people named, no event's raw name.
    expect(text).toContain("Rita Review (rita@example.test) approved the document");
    expect(text).toContain(`Ana Pérez (${signer.email}) signed`);
    expect(text).toContain("vera@example.test opened the document through a share link");
    expect(text).toContain("Pat Visitor added a comment");
    expect(text).toContain("A visitor of the share link “Board pack” downloaded version 1");
    expect(text).not.toMatch(/\b(approval|signature|link|document)\.[a-z]+[A-Z]?\w*\b/);
    expect(text).not.toMatch(/Browser: —/);
  });

  it("keeps an approver's evidence from Approval.metadata when no decision row has it", async () => {
    const { document, signatures } = await signedDocument({ signers: [{}] });
    await db.approval.create({
      data: {
        accountId: document.accountId,
        documentId: document.id,
        email: "old@example.test",
        firstName: "Olga",
        approvedAt: new Date(),
        metadata: { ip: "192.0.2.7", userAgent: "OldBrowser" },
      },
    });
    const [approver] = await sealParties(document.accountId, document.id, asSealSigners(signatures));
    expect(approver).toMatchObject({ name: "Olga", ip: "192.0.2.7", userAgent: "OldBrowser" });
  });
});

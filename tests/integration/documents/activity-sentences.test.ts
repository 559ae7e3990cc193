import { afterAll, describe, expect, it } from "vitest";
import { GET as documentFile } from "@/app/vapp/documents/[id]/file/route";
import { anonymousContext, type ServiceContext } from "@/lib/auth/context";
import { createApproval } from "@/lib/approvals/create-approval";
import { fetchValidApproval } from "@/lib/approvals/fetch-valid-approval";
import { requestApprovals } from "@/lib/approvals/request-approvals";
import { reviewDocument } from "@/lib/approvals/review-document";
import { countStatements, db } from "@/lib/db";
import { activityPage, documentActivity } from "@/lib/documents/activity";
import { activitySentence, type ActivityEntry } from "@/lib/documents/activity-sentences";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { loadDocumentView } from "@/lib/documents/load-document-view";
import { bindFormat } from "@/lib/i18n/bind-format";
import type { Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/messages";
import { jobContext } from "@/lib/jobs/job";
import { stopJobs } from "@/lib/jobs/queue";
import { createDocumentLink, deleteDocumentLink } from "@/lib/links/document-links";
import { getLinkedDocumentFile } from "@/lib/links/linked-document";
import { validateDocumentLink } from "@/lib/links/validate-document-link";
import { sealDocument } from "@/lib/sealing/seal-document";
import { declineSignature } from "@/lib/signatures/decline-signature";
import { fetchValidSignature } from "@/lib/signatures/fetch-valid-signature";
import { addSigner } from "@/lib/signatures/manage-signers";
import { requestSignatures } from "@/lib/signatures/request-signatures";
import { signDocument } from "@/lib/signatures/sign-document";
import { createAccount, signedInAs, uniqueEmail } from "@/tests/factories";
import { jsonRequest, params } from "@/tests/factories/http";
import { makeTextPdf } from "@/tests/fixtures/pdf";
import { approvalLinkFor, reviewerCtx } from "../approvals/approval-fixtures";
import { placeSignatureBox, signerContext, signingToken } from "../signatures/helpers";

/**
 * The Activity tab speaks to people (issue 39): a document's events, from its creation to its
 * seal, read as sentences in the reader's language that name who acted, members and the people
 * who came through a link (a share link's visitor, a reviewer and signers by their own link),
 * with the lookups of those names batched for the page; and viewing the document in the page
 * is not a download.
 */
afterAll(() => stopJobs());

/** The Activity tab's sentences, oldest first, in `locale`, as the screen writes them. */
function sentences(locale: Locale, items: ActivityEntry[]) {
  const t = getTranslator(locale);
  const translate = Object.assign(
    (key: string, values?: Record<string, string | number>) => t(`documents.activity.${key}` as never, values as never),
    { has: (key: string) => t.has(`documents.activity.${key}` as never) },
  );
  const status = (value: string) => t(`documents.status.${value}` as never);
  return [...items].reverse().map((item) => activitySentence(translate, status, bindFormat(locale, "UTC"), item));
}

const visitor = () => anonymousContext({ ip: "198.51.100.20", userAgent: "vitest visitor", locale: "en" });

/** A file request as the document screen makes it (`?inline=1`: its PDF viewer) or as its download button does. */
const fileRequest = (token: string, id: string, query = "") =>
  documentFile(jsonRequest("GET", `/vapp/documents/${id}/file${query}`, { headers: { authorization: `Bearer ${token}` } }), params({ id }));

async function workspace() {
  const { account, owner } = await createAccount("Activity");
  await db.user.update({ where: { id: owner.id }, data: { firstName: "Ana", lastName: "Ruiz" } });
  const session = await signedInAs(owner.id, account.id);
  const bytes = await makeTextPdf([["Clause 1: the parties agree."]]);
  const upload = (name: string) => createDocumentFromUpload(session.ctx, { name }, { name: "contract.pdf", bytes });
  return { account, session, ctx: session.ctx, upload };
}

async function signer(ctx: ServiceContext, documentId: string, firstName: string, lastName: string, order: number) {
  const email = uniqueEmail(firstName.toLowerCase());
  const row = await addSigner(ctx, documentId, { email, firstName, lastName, order });
  await placeSignatureBox(row.id);
  return { ...row, email };
}

describe("the Activity tab", () => {
  it(
    "tells a document's story in sentences naming people, link actors included, and no page view as a download",
    { timeout: 120_000 },
    async () => {
      const w = await workspace();
      const document = await w.upload("Supply contract");

      // A reviewer outside the workspace approves through their link.
      const pereEmail = uniqueEmail("pere");
      await createApproval(w.ctx, { documentId: document.id, email: pereEmail, firstName: "Pere", lastName: "Vila" });
      await requestApprovals(w.ctx, document.id);
      const review = reviewerCtx((await approvalLinkFor(pereEmail)).token);
      await fetchValidApproval(review);
      await reviewDocument(review, {
        id: (await db.approval.findFirstOrThrow({ where: { documentId: document.id } })).id,
        isApproved: true,
        comment: "Looks right",
      });

      // Two signers in order; the document is sent.
      const joan = await signer(w.ctx, document.id, "Joan", "Puig", 1);
      const marta = await signer(w.ctx, document.id, "Marta", "Soler", 2);
      await requestSignatures(w.ctx, document.id);

      // The owner views the document page: its data and its PDF in the viewer. Then downloads it once.
      await loadDocumentView(w.ctx, document.id, undefined);
      const shown = await fileRequest(w.session.accessToken, document.id, "?inline=1");
      expect(shown.status).toBe(200);
      expect(shown.headers.get("content-disposition")).toContain("inline");
      await shown.arrayBuffer();
      expect(await db.audit.count({ where: { targetId: document.id, eventType: "document.downloaded" } })).toBe(0);
      const downloaded = await fileRequest(w.session.accessToken, document.id);
      expect(downloaded.status).toBe(200);
      await downloaded.arrayBuffer();

      // A visitor of a share link opens it; the file shown in their page is no download either.
      const link = await createDocumentLink(w.ctx, document.id, { name: "For the buyer", role: "reader" });
      const visit = await validateDocumentLink(visitor(), link.id);
      if (visit.status !== "valid") throw new Error(`the link answered ${visit.status}`);
      await getLinkedDocumentFile(visitor(), visit.accessToken, { inline: true });
      expect(await db.audit.count({ where: { targetId: document.id, eventType: "document.downloaded" } })).toBe(1);

      // Joan opens their request and signs; Marta, asked next, declines.
      const joanCtx = signerContext(await signingToken(joan.email));
      await fetchValidSignature(joanCtx);
      await signDocument(joanCtx, { kind: "typed", typedName: "Joan Puig", files: [] });
      await declineSignature(signerContext(await signingToken(marta.email)), { reason: "The amount is wrong." });

      const activity = await documentActivity(w.ctx, document.id);
      const joanSelf = `Joan Puig (${joan.email})`;
      const martaSelf = `Marta Soler (${marta.email})`;
      const pereSelf = `Pere Vila (${pereEmail})`;
      expect(sentences("en", activity)).toEqual([
        "Ana Ruiz created the document",
        "Ana Ruiz added Pere Vila as an approver",
        "Ana Ruiz asked Pere Vila to approve the document",
        "The status changed from Created to To review",
        `${pereSelf} opened the approval request`,
        `${pereSelf} approved the document: “Looks right”`,
        "The status changed from To review to Approved",
        "Ana Ruiz added Joan Puig as a signer",
        "Ana Ruiz added Marta Soler as a signer",
        "Ana Ruiz sent the document to Joan Puig for signature",
        "The status changed from Approved to To sign",
        "Ana Ruiz downloaded version 1",
        "Ana Ruiz created the share link “For the buyer”",
        "A visitor of the share link “For the buyer” opened the document through a share link",
        `${joanSelf} opened the signing request`,
        `${joanSelf} signed`,
        "The status changed from To sign to Signing",
        "The document was sent to Marta Soler for signature",
        `${martaSelf} declined: “The amount is wrong.”`,
        "The status changed from Signing to Rejected",
      ]);
      expect(sentences("es", activity)).toEqual([
        "Ana Ruiz creó el documento",
        "Ana Ruiz añadió a Pere Vila como aprobador",
        "Ana Ruiz pidió a Pere Vila que aprobara el documento",
        "El estado cambió de Creado a Por revisar",
        `${pereSelf} abrió la solicitud de aprobación`,
        `${pereSelf} aprobó el documento: «Looks right»`,
        "El estado cambió de Por revisar a Aprobado",
        "Ana Ruiz añadió a Joan Puig como firmante",
        "Ana Ruiz añadió a Marta Soler como firmante",
        "Ana Ruiz envió el documento a Joan Puig para que lo firmara",
        "El estado cambió de Aprobado a Por firmar",
        "Ana Ruiz descargó la versión 1",
        "Ana Ruiz creó el enlace para compartir «For the buyer»",
        "Un visitante del enlace para compartir «For the buyer» abrió el documento mediante un enlace para compartir",
        `${joanSelf} abrió la solicitud de firma`,
        `${joanSelf} firmó`,
        "El estado cambió de Por firmar a En firma",
        "Se envió el documento a Marta Soler para que lo firmara",
        `${martaSelf} rechazó firmar: «The amount is wrong.»`,
        "El estado cambió de En firma a Rechazado",
      ]);
      // No sentence is a raw event name, in any language.
      const raw = [...new Set(activity.map((a) => a.eventType))];
      for (const locale of ["en", "es", "ca", "pt", "pt-br"] as const)
        for (const sentence of sentences(locale, activity)) {
          expect(raw.filter((eventType) => sentence.includes(eventType) || sentence.includes(eventType.replace(".", "_")))).toEqual([]);
          expect(sentence).not.toContain("documents.activity");
        }

      // A removed link's visitor is still named by it, as its own events recorded it.
      await deleteDocumentLink(w.ctx, link.id);
      const afterRemoval = sentences("en", await documentActivity(w.ctx, document.id));
      expect(afterRemoval).toContain("A visitor of the share link “For the buyer” opened the document through a share link");
      expect(afterRemoval.at(-1)).toBe("Ana Ruiz removed the share link “For the buyer”");

      // The API's activity names the same people (its answer keeps its fields).
      const page = await activityPage(w.ctx, { documentId: document.id, take: 100 });
      expect(page.items.slice(1).map((i) => i.actor)).toEqual(activity.map((a) => a.actor));
      expect(Object.keys(page.items[0]!).sort()).toEqual([
        "actor",
        "createdAt",
        "documentId",
        "eventType",
        "id",
        "payload",
        "targetType",
        "via",
      ]);

      // By address: the reviewer's approval events (rows of the document naming the approval) and a signer's own.
      const byReviewer = await activityPage(w.ctx, { email: pereEmail.toUpperCase(), take: 100 });
      expect(byReviewer.items.map((i) => [i.eventType, i.actor, i.documentId]).reverse()).toEqual([
        ["approval.created", "Ana Ruiz", document.id],
        ["approval.requested", "Ana Ruiz", document.id],
        ["approval.viewed", pereSelf, document.id],
        ["approval.approved", pereSelf, document.id],
      ]);
      const bySigner = await activityPage(w.ctx, { email: marta.email, take: 100 });
      expect(bySigner.items.map((i) => [i.eventType, i.actor]).reverse()).toEqual([
        ["signature.created", "Ana Ruiz"],
        ["signature.requested", joanSelf],
        ["signature.declined", martaSelf],
      ]);
    },
  );

  it("says the document was sealed, and an unknown event in a readable sentence", { timeout: 120_000 }, async () => {
    const w = await workspace();
    const document = await w.upload("Sealed contract");
    const joan = await signer(w.ctx, document.id, "Joan", "Puig", 1);
    await requestSignatures(w.ctx, document.id, { signaturesOnCertificate: true });
    await signDocument(signerContext(await signingToken(joan.email)), { kind: "typed", typedName: "Joan Puig", files: [] });
    expect(await sealDocument(jobContext("activity-seal"), document.id, { number: 1, last: false })).toMatchObject({ sealed: true });
    await db.audit.create({
      data: {
        accountId: w.account.id,
        userId: w.session.ctx.userId,
        eventType: "document.somethingNew",
        targetType: "document",
        targetId: document.id,
        via: "session",
        payload: {},
      },
    });
    const activity = await documentActivity(w.ctx, document.id);
    const en = sentences("en", activity);
    expect(en).toContain("Ana Ruiz chose to have the signatures on the certificate of completion only");
    expect(sentences("es", activity)).toContain("Ana Ruiz eligió que las firmas figuren solo en el certificado de finalización");
    expect(en.slice(-3)).toEqual([
      "The status changed from To sign to Signed",
      "The document was sealed",
      "Ana Ruiz made a change to the document",
    ]);
    expect(sentences("pt-br", activity).slice(-2)).toEqual(["O documento foi selado", "Ana Ruiz fez uma alteração no documento"]);
    expect(sentences("ca", activity).slice(-2)).toEqual(["S'ha segellat el document", "Ana Ruiz ha fet un canvi al document"]);
  });

  it("names the people of a page of events in one lookup, whatever their number", async () => {
    const w = await workspace();
    const document = await w.upload("Many signers");
    for (let i = 1; i <= 6; i++) await signer(w.ctx, document.id, `Signer${i}`, "Test", i);
    const { result, statements } = await countStatements(() => documentActivity(w.ctx, document.id));
    expect(result.filter((a) => a.eventType === "signature.created").map((a) => a.subject)).toHaveLength(6);
    expect(new Set(result.filter((a) => a.eventType === "signature.created").map((a) => a.subject))).toEqual(
      new Set(["Signer1 Test", "Signer2 Test", "Signer3 Test", "Signer4 Test", "Signer5 Test", "Signer6 Test"]),
    );
    // The document and the caller's role, the events, the members named, and the reviewers, signers and links named.
    expect(statements.filter((sql) => /FROM "Signature" s/.test(sql))).toHaveLength(1);
  });
});

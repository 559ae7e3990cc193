import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { storage } from "@/lib/storage/storage";
import { createAccount, signedInAs } from "@/tests/factories";
import { makePng } from "@/tests/factories/images";
import { makeDocx } from "@/tests/fixtures/docx";
import { fillerPages, makeTextPdf } from "@/tests/fixtures/pdf";

type SignerOptions = { typed?: boolean; rubricAllPages?: boolean; allowDownload?: boolean; signed?: boolean };

/**
 * A document whose signers have signed, written straight to the database as the signature
 * service would leave it (issue 16): a PDF (or a Word file) uploaded by the workspace's owner,
 * one Signature per signer with their evidence and their image in storage, and their boxes.
 */
export async function signedDocument({
  pages = 3,
  signers = [{}, {}, {}],
  word = false,
}: { pages?: number; signers?: SignerOptions[]; word?: boolean } = {}) {
  const { account, owner } = await createAccount("Sealing");
  const session = await signedInAs(owner.id, account.id);
  const file = word
    ? { name: "agreement.docx", bytes: makeDocx(["The parties agree."]) }
    : { name: "agreement.pdf", bytes: await makeTextPdf(fillerPages(pages, 5)) };
  const document = await createDocumentFromUpload(session.ctx, { name: "Supply agreement" }, file);
  const names = [
    ["Ana", "Pérez"],
    ["Jo", "Smith"],
    ["Marta", "Vidal"],
    ["Li", "Wei"],
  ];
  const rows = [];
  for (const [i, options] of signers.entries()) {
    const [firstName, lastName] = names[i % names.length]!;
    const imageKey = `accounts/${account.id}/documents/${document.id}/signature-${randomUUID()}.png`;
    if (!options.typed) await storage().put(imageKey, makePng(120, 40, [10, 20 + i * 60, 120]));
    const requestedAt = new Date(Date.now() - 86_400_000);
    const signature = await db.signature.create({
      data: {
        accountId: account.id,
        documentId: document.id,
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}-${randomUUID().slice(0, 6)}@example.test`,
        order: i + 1,
        settings: {
          allowBiometric: true,
          allowCertificate: false,
          allowDownload: options.allowDownload ?? true,
          rubricAllPages: options.rubricAllPages ?? false,
          sendReminders: true,
          allowApprovals: false,
        },
        idNumber: `ID-${i + 1}`,
        image: options.typed ? null : imageKey,
        imageKind: options.typed ? "typed" : "drawn",
        initials: null,
        signedIp: `203.0.113.${i + 1}`,
        signedUserAgent: "Mozilla/5.0 (test)",
        requestedAt,
        signedAt: options.signed === false ? null : new Date(requestedAt.getTime() + (i + 1) * 60_000),
        placeholders: {
          create: [
            {
              accountId: account.id,
              documentId: document.id,
              keyName: "signature",
              settings: { page: 1, x: 0.1 + i * 0.28, y: 0.8, width: 0.25, height: 0.08 },
            },
            {
              accountId: account.id,
              documentId: document.id,
              keyName: "city",
              value: "Barcelona",
              settings: { page: 1, x: 0.1 + i * 0.28, y: 0.9, width: 0.25, height: 0.03 },
            },
          ],
        },
      },
    });
    rows.push(signature);
  }
  return { account, owner, session, document, signatures: rows };
}

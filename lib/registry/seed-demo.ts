import { db } from "@/lib/db";
import { createAccountForOwner } from "@/lib/accounts/create-account";
import { anonymousContext, type ServiceContext } from "@/lib/auth/context";
import { hashPassword } from "@/lib/auth/crypto";
import { ROLE_PERMISSIONS } from "@/lib/auth/permissions";
import { FREE_PLAN_CAPABILITIES } from "@/lib/accounts/plan";
import { createDocumentFromTemplate } from "@/lib/documents/create-document-from-template";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { updateDocumentStatus } from "@/lib/documents/update-document-status";
import { makeDocx } from "@/lib/files/make-docx";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { createTemplate, publishUnpublishTemplate, updateTemplate } from "@/lib/templates/templates";
import type { Variable } from "@/lib/templates/variables";

/** The demo sign-in shown in README.md. */
export const DEMO_USER = {
  email: "demo@example.com",
  password: "Demo-password-1",
  firstName: "Dana",
  lastName: "Demo",
  accountName: "Demo Workspace",
  accountSlug: "demo",
} as const;

/** A verified administrator with terms accepted, in a workspace with a single sign-on slug. */
export async function seedDemo(): Promise<void> {
  const ctx = anonymousContext({ via: "system" });
  const passwordHash = await hashPassword(DEMO_USER.password);
  const { account, userId } = await db.$transaction(async (tx) => {
    const user = await tx.user.create({
      data: {
        email: DEMO_USER.email,
        firstName: DEMO_USER.firstName,
        lastName: DEMO_USER.lastName,
        passwordHash,
        emailVerified: new Date(),
        tos: true,
        tosAcceptedAt: new Date(),
        language: "en",
      },
    });
    const account = await createAccountForOwner(tx, ctx, { name: DEMO_USER.accountName, ownerId: user.id, slug: DEMO_USER.accountSlug });
    return { account, userId: user.id };
  });
  await seedDemoContent({
    ...anonymousContext({ via: "system" }),
    userId,
    accountId: account.id,
    role: "Administrator",
    permissions: new Set(ROLE_PERMISSIONS.Administrator),
    capabilities: new Set(FREE_PLAN_CAPABILITIES),
    plan: "free",
  });
}

/**
 * A one-page non-disclosure agreement as a PDF form (made with pdf-lib, so the seed ships no
 * file): its text fields are the template's fields, and the lower part of the page is left
 * blank for the signers' boxes.
 */
export async function demoNdaPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle("Non-disclosure agreement");
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  page.drawText("NON-DISCLOSURE AGREEMENT", { x: 60, y: 770, size: 18, font: bold });
  const form = pdf.getForm();
  const line = (label: string, field: string, y: number) => {
    page.drawText(label, { x: 60, y: y + 6, size: 11, font });
    const input = form.createTextField(field);
    input.addToPage(page, { x: 200, y, width: 320, height: 22, font, borderWidth: 0 });
    input.setFontSize(11);
  };
  line("Effective date:", "effective date", 720);
  line("Receiving party:", "client", 690);
  line("Purpose:", "purpose", 660);
  const clauses = [
    "1. Demo Workspace will share confidential information with the receiving party for the purpose above.",
    "2. The receiving party keeps it confidential and uses it for that purpose only.",
    "3. These obligations last for two years from the effective date.",
    "4. Signed electronically; the sealed copy carries a certificate of completion.",
  ];
  clauses.forEach((text, i) => page.drawText(text, { x: 60, y: 610 - i * 22, size: 10, font, maxWidth: 480 }));
  page.drawText("Signatures", { x: 60, y: 200, size: 11, font: bold });
  return pdf.save();
}

/**
 * Published templates with typed fields (a Word one and, signed and sealed with no extra install
 * since it needs no LibreOffice, a PDF form) and a few documents, one of them ending soon, so the
 * demo shows the repository, the template form and the home panel at once.
 */
async function seedDemoContent(ctx: ServiceContext) {
  const template = await createTemplate(
    ctx,
    { name: "Services agreement [client]", language: "en", currency: "EUR" },
    {
      name: "services-agreement.docx",
      bytes: makeDocx([
        "SERVICES AGREEMENT",
        "This agreement is made on [effective date] between Demo Workspace and [client].",
        "The provider will deliver the services for [term months] months for a monthly fee of [monthly fee].",
        "The total value of the agreement is [total value].",
        "This agreement is governed by the laws of [jurisdiction].",
      ]),
    },
  );
  const field = (name: string, type: Variable["type"], options: Variable["options"] = {}, required = true): Variable => ({
    name,
    type,
    options,
    required,
    deprecated: false,
  });
  await updateTemplate(ctx, template.id, {
    variables: [
      field("effective date", "date", { dateFormat: "D MMMM YYYY" }),
      field("client", "text", { placeholder: "Acme Ltd" }),
      field("term months", "number"),
      field("monthly fee", "currency", { currency: "EUR" }),
      field("total value", "formula", { formula: "[term months] * [monthly fee]" }, false),
      field("jurisdiction", "dropdown", { choices: ["Spain", "Portugal", "England and Wales"] }),
    ],
  });
  await publishUnpublishTemplate(ctx, template.id, true);
  const nda = await createTemplate(
    ctx,
    {
      name: "Non-disclosure agreement [client]",
      language: "en",
      variables: [
        field("effective date", "date", { dateFormat: "D MMMM YYYY" }),
        field("client", "text", { placeholder: "Acme Ltd" }),
        field("purpose", "text", { placeholder: "Evaluating a partnership" }),
      ],
    },
    { name: "non-disclosure-agreement.pdf", bytes: await demoNdaPdf() },
  );
  await publishUnpublishTemplate(ctx, nda.id, true);
  const soon = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const active = await createDocumentFromTemplate(ctx, {
    templateId: template.id,
    values: { "effective date": "2026-01-15", client: "Northwind Traders", "term months": 12, "monthly fee": 1500, jurisdiction: "Spain" },
    fields: { endedAt: soon, startedAt: "2026-01-15" },
  });
  await updateDocumentStatus(ctx, active.id, "active");
  await createDocumentFromTemplate(ctx, {
    templateId: template.id,
    values: { "effective date": "2026-11-01", client: "Contoso Iberia", "term months": 24, "monthly fee": 900, jurisdiction: "Portugal" },
    fields: {},
  });
  const lease = await createDocumentFromUpload(
    ctx,
    { name: "Office lease", language: "en" },
    {
      name: "office-lease.docx",
      bytes: makeDocx([
        "OFFICE LEASE",
        "The landlord lets the office on the second floor to the tenant for five years.",
        "The rent is reviewed every year.",
      ]),
    },
  );
  await updateDocumentStatus(ctx, lease.id, "drafting");
}

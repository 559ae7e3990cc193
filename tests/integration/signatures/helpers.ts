import { db } from "@/lib/db";
import { anonymousContext, type ServiceContext } from "@/lib/auth/context";
import { signedContext } from "@/lib/auth/get-request-context";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { addSigner } from "@/lib/signatures/manage-signers";
import type { PlaceholderInput } from "@/lib/signatures/schemas";
import { createAccount, signedInAs, uniqueEmail } from "@/tests/factories";
import { makeTextPdf } from "@/tests/fixtures/pdf";

/** A workspace, its administrator's context and a two-page PDF contract. */
export async function pdfContract(name = "Sign") {
  const { account, owner } = await createAccount(name);
  const { ctx } = await signedInAs(owner.id, account.id);
  const bytes = await makeTextPdf([["Clause 1: the parties agree."], ["Clause 2: signatures below."]]);
  const document = await createDocumentFromUpload(ctx, { name: `${name} contract` }, { name: "contract.pdf", bytes });
  return { account, owner, ctx, document };
}

/** Adds signers with these orders (and optional settings), each with a signature box on page 1 (a document is sent with them). */
export async function addSigners(ctx: ServiceContext, documentId: string, orders: number[], settings = {}) {
  const out = [];
  for (const order of orders) {
    const signer = await addSigner(ctx, documentId, { email: uniqueEmail("signer"), firstName: `Signer${order}`, order, settings });
    await placeSignatureBox(signer.id);
    out.push(signer);
  }
  return out;
}

/** A signature box for the signer on page 1, as the placement editor saves one (lib/signatures/save-placeholders.ts). */
export async function placeSignatureBox(signatureId: string) {
  const signer = await db.signature.findUniqueOrThrow({ where: { id: signatureId }, select: { accountId: true, documentId: true } });
  await db.signaturePlaceholder.create({
    data: {
      ...signer,
      signatureId,
      keyName: "signature",
      settings: { page: 1, x: 0.1, y: 0.8, width: 0.3, height: 0.08, kind: "signature", required: true },
    },
  });
}

/** The token of the latest signature request email to `email`. */
export async function signingToken(email: string): Promise<string> {
  const mail = await db.outboxEmail.findFirst({ where: { to: email, template: "signatureRequest" }, orderBy: { createdAt: "desc" } });
  const match = mail?.text.match(/signed=([^\s&]+)/);
  if (!match) throw new Error(`No signing link for ${email}`);
  return decodeURIComponent(match[1]);
}

/** The context the app builds for a request carrying the signer's token. */
export const signerContext = (token: string): ServiceContext =>
  signedContext(anonymousContext({ ip: "198.51.100.7", userAgent: "Mobile Safari (test)" }), token);

/** How many sealing jobs are stored for the document (pg-boss's table). */
export async function sealJobs(documentId: string): Promise<number> {
  const [table] = await db.$queryRaw<{ t: string | null }[]>`SELECT to_regclass('pgboss.job')::text AS t`;
  if (!table?.t) return 0;
  const rows = await db.$queryRaw<
    { n: bigint }[]
  >`SELECT count(*) AS n FROM pgboss.job WHERE name = 'sealDocument' AND data->>'documentId' = ${documentId}`;
  return Number(rows[0]?.n ?? 0);
}

/** A box the signer fills (a field of `fieldType`), on page 1 near the top left unless `place` says otherwise. */
/** A signer's signature box, as the placement editor sends it. */
export const signatureBox = (signatureId: string, place: Partial<Pick<PlaceholderInput, "page" | "x" | "y">> = {}): PlaceholderInput => ({
  signatureId,
  keyName: "signature",
  kind: "signature",
  required: true,
  page: 1,
  x: 0.1,
  y: 0.8,
  width: 0.3,
  height: 0.08,
  ...place,
});

export const fieldBox = (
  signatureId: string,
  keyName: string,
  fieldType: NonNullable<PlaceholderInput["fieldType"]>,
  place: Partial<Pick<PlaceholderInput, "required" | "page" | "x" | "y" | "width" | "height">> = {},
): PlaceholderInput => ({
  signatureId,
  keyName,
  kind: "field",
  fieldType,
  required: false,
  page: 1,
  x: 0.1,
  y: 0.1,
  width: 0.2,
  height: 0.05,
  ...place,
});

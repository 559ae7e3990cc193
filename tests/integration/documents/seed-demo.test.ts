import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { DEMO_USER, seedDemo } from "@/lib/registry/seed-demo";
import { createDocumentFromTemplate } from "@/lib/documents/create-document-from-template";
import { expiringDocuments } from "@/lib/documents/expiring-documents";
import { DOCUMENT_LIST_DEFAULTS, findDocuments } from "@/lib/documents/find-documents";
import { readStored } from "@/lib/documents/stored-file";
import { jobContext } from "@/lib/jobs/job";
import { stopJobs } from "@/lib/jobs/queue";
import { sealDocument } from "@/lib/sealing/seal-document";
import { requestSignatures } from "@/lib/signatures/request-signatures";
import { signDocument } from "@/lib/signatures/sign-document";
import { signedInAs } from "@/tests/factories";
import { addSigners, sealJobs, signerContext, signingToken } from "../signatures/helpers";

const PDFSIG = "/usr/bin/pdfsig";
const run = promisify(execFile);
const original = process.env.SOFFICE_PATH;
afterEach(() => {
  if (original === undefined) delete process.env.SOFFICE_PATH;
  else process.env.SOFFICE_PATH = original;
});
afterAll(() => stopJobs());

async function demoSession() {
  if (!(await db.user.findUnique({ where: { email: DEMO_USER.email } }))) await seedDemo();
  const user = await db.user.findUniqueOrThrow({ where: { email: DEMO_USER.email } });
  const policy = await db.accountPolicy.findFirstOrThrow({ where: { userId: user.id } });
  return { accountId: policy.accountId, ...(await signedInAs(user.id, policy.accountId)) };
}

describe("demo data", () => {
  it("gives the demo workspace published templates and documents, one ending soon", async () => {
    const { ctx, accountId } = await demoSession();
    const templates = await db.template.findMany({
      where: { accountId, published: true },
      select: { format: true },
      orderBy: { name: "asc" },
    });
    expect(templates.map((t) => t.format)).toEqual(["pdf", "docx"]);
    const docs = await findDocuments(ctx);
    expect(docs.items.map((d) => d.name).sort()).toEqual([
      "Office lease",
      "Services agreement Contoso Iberia",
      "Services agreement Northwind Traders",
    ]);
    expect((await expiringDocuments(ctx)).map((d) => d.name)).toEqual(["Services agreement Northwind Traders"]);
    expect((await findDocuments(ctx, { ...DOCUMENT_LIST_DEFAULTS, search: "landlord" })).total).toBe(1);
  });

  it("takes a newcomer without LibreOffice from its PDF template to a sealed PDF that pdfsig accepts", { timeout: 90_000 }, async () => {
    process.env.SOFFICE_PATH = "/nonexistent/soffice";
    const { ctx, accountId } = await demoSession();
    const template = await db.template.findFirstOrThrow({ where: { accountId, published: true, format: "pdf" } });
    expect(template.delimiter).toBe("pdfForm");
    const document = await createDocumentFromTemplate(ctx, {
      templateId: template.id,
      values: { "effective date": "2026-02-01", client: "Fabrikam", purpose: "Evaluating a partnership" },
      fields: {},
    });
    expect(document.name).toBe("Non-disclosure agreement Fabrikam");
    const [signer] = await addSigners(ctx, document.id, [1]);
    expect(await requestSignatures(ctx, document.id)).toHaveLength(1);
    await signDocument(signerContext(await signingToken(signer!.email)), { kind: "typed", typedName: "Fabrikam Signer", files: [] });
    expect(await sealJobs(document.id)).toBe(1);

    expect(await sealDocument(jobContext("demo-seal"), document.id, { number: 1, last: false })).toMatchObject({ sealed: true });
    const sealed = await db.documentContent.findFirstOrThrow({ where: { documentId: document.id }, orderBy: { version: "desc" } });
    expect(sealed).toMatchObject({ mimetype: "application/pdf", readOnly: true });
    const bytes = await readStored(sealed.path);
    expect(Buffer.from(bytes).toString("latin1")).toContain("/SubFilter /ETSI.CAdES.detached");
    if (!existsSync(PDFSIG)) return;
    const file = path.join(mkdtempSync(path.join(tmpdir(), "demo-sealed-")), "sealed.pdf");
    writeFileSync(file, bytes);
    const { stdout } = await run(PDFSIG, [file]);
    expect(stdout).toContain("Signature is Valid");
  });
});

import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PDFDocument } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { GET as sealedCopy } from "@/app/vapp/sealing/sealed-copy/route";
import { POST as reseal } from "@/app/vapp/sealing/documents/[id]/route";
import { auditExportSchema, verifyChain } from "@/lib/audit/audit-chain";
import { exportAuditTrail } from "@/lib/audit/export-audit-trail";
import { db } from "@/lib/db";
import { readStored } from "@/lib/documents/stored-file";
import { jobContext } from "@/lib/jobs/job";
import { stopJobs } from "@/lib/jobs/queue";
import { sealDocument } from "@/lib/sealing/seal-document";
import { readSealingState } from "@/lib/sealing/sealing-state";
import { addMember, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest, params } from "@/tests/factories/http";
import { signedDocument } from "./signed-document";

/**
 * Sealing a signed document as the job does (issue 16): the signatures stamped, the certificate
 * of completion, the PAdES seal pdfsig accepts, the sealed copy as a new read-only version and a
 * Seal row, the audit row, and the emails with their downloads.
 */
const PDFSIG = "/usr/bin/pdfsig";
const run = promisify(execFile);
const first = { number: 1, last: false };
const last = { number: 3, last: true };

afterAll(async () => {
  await stopJobs();
});

async function sealedVersion(documentId: string) {
  return db.documentContent.findFirstOrThrow({ where: { documentId }, orderBy: { version: "desc" } });
}

describe("sealing a signed document", () => {
  it("stamps the signatures, adds the certificate, seals it and tells everyone", { timeout: 90_000 }, async () => {
    const { document, signatures, owner, session } = await signedDocument({ signers: [{}, { typed: true }, { rubricAllPages: true }] });
    const result = await sealDocument(jobContext("job-1"), document.id, first);
    expect(result).toMatchObject({ sealed: true });

    const version = await sealedVersion(document.id);
    expect(version).toMatchObject({ version: 2, mimetype: "application/pdf", readOnly: true, authorId: null });
    expect(version.metadata).toMatchObject({ sealed: true, sourceVersion: 1 });
    const bytes = await readStored(version.path);
    const seals = await db.seal.findMany({ where: { documentId: document.id } });
    expect(seals).toHaveLength(1);
    expect(seals[0]).toMatchObject({ contentId: version.id, sha256: createHash("sha256").update(bytes).digest("hex") });
    expect((seals[0]!.signers as { name: string }[]).map((s) => s.name)).toEqual(["Ana Pérez", "Jo Smith", "Marta Vidal"]);

    // Three pages and the certificate; two drawn signatures, one embedded once however often it is stamped.
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(4);
    const text = Buffer.from(bytes).toString("latin1");
    expect(text.match(/\/Subtype \/Image/g)?.length).toBe(2);
    expect(text).toContain("/SubFilter /ETSI.CAdES.detached");

    const audit = await db.audit.findFirstOrThrow({ where: { accountId: document.accountId, eventType: "document.sealed" } });
    expect(audit).toMatchObject({ targetType: "document", targetId: document.id, via: "system", userId: null });
    const stored = await db.document.findUniqueOrThrow({ where: { id: document.id } });
    expect(readSealingState(stored.metadata)).toMatchObject({ state: "sealed", attempts: 1 });
    // The job's audit row joins the workspace's chain: the exported trail still verifies, and one edited row breaks it.
    const exported = auditExportSchema.parse(JSON.parse(await new Response(await exportAuditTrail(session.ctx)).text()));
    expect(exported.rows.map((r) => r.eventType)).toContain("document.sealed");
    expect(verifyChain(exported.rows)).toMatchObject({ valid: true });
    const forged = exported.rows.map((r) =>
      r.eventType === "document.sealed" ? { ...r, payload: r.payload.replace("}", ', "x": 1}') } : r,
    );
    expect(verifyChain(forged)).toMatchObject({ valid: false, brokenAt: { reason: "hash" } });

    const emails = await db.outboxEmail.findMany({ where: { documentId: document.id, template: "documentSealed" } });
    expect(emails.map((e) => e.to).sort()).toEqual([owner.email, ...signatures.map((s) => s.email)].sort());
    expect(emails.every((e) => e.accountId === document.accountId)).toBe(true);

    // A signer downloads the sealed copy with the link of their email, even though their part is done.
    const signerEmail = emails.find((e) => e.to === signatures[0]!.email)!;
    const link = new URL(signerEmail.text.match(/https?:\/\/\S+sealed-copy\S+/)![0]);
    const download = await sealedCopy(jsonRequest("GET", `${link.pathname}${link.search}`), params({}));
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    // An owner's email links the ordinary download of that version.
    expect(emails.find((e) => e.to === owner.email)!.text).toContain(`/vapp/documents/${document.id}/file?version=2`);

    if (!existsSync(PDFSIG)) return;
    const file = path.join(mkdtempSync(path.join(tmpdir(), "sealed-")), "sealed.pdf");
    writeFileSync(file, bytes);
    const { stdout } = await run(PDFSIG, [file]);
    expect(stdout).toContain("Signature is Valid");
  });

  it("seals once: a second run, and an owner asking again, change nothing", { timeout: 60_000 }, async () => {
    const { document, session } = await signedDocument({ signers: [{}] });
    expect(await sealDocument(jobContext("a"), document.id, first)).toMatchObject({ sealed: true });
    expect(await sealDocument(jobContext("b"), document.id, first)).toEqual({ sealed: false, reason: "alreadySealed" });
    expect(await db.seal.count({ where: { documentId: document.id } })).toBe(1);
    expect(await db.documentContent.count({ where: { documentId: document.id } })).toBe(2);

    const response = await reseal(
      jsonRequest("POST", `/vapp/sealing/documents/${document.id}`, {
        headers: { authorization: `Bearer ${session.accessToken}`, "x-language": "es" },
      }),
      params({ id: document.id }),
    );
    expect(response.status).toBe(409);
    expect((await response.json()).error).toMatchObject({
      code: "ALREADY_SEALED",
      type: "conflict",
      message: "Este documento ya está sellado: su última versión es la copia sellada.",
    });
    // The same refusal over GraphQL.
    const viaGraphql = await graphql("mutation ($id: ID!) { resealDocument(id: $id) { documentId state } }", {
      accessToken: session.accessToken,
      variables: { id: document.id },
    });
    expect(viaGraphql.errors?.[0]?.extensions).toMatchObject({ code: "ALREADY_SEALED" });
  });

  it("seals once when two runs race, and the stored copy is the one its Seal names", { timeout: 60_000 }, async () => {
    const { document } = await signedDocument({ signers: [{}, {}] });
    const results = await Promise.all([
      sealDocument(jobContext("x"), document.id, first),
      sealDocument(jobContext("y"), document.id, first),
    ]);
    expect(results.filter((r) => r.sealed)).toHaveLength(1);
    const seals = await db.seal.findMany({ where: { documentId: document.id } });
    expect(seals).toHaveLength(1);
    const version = await sealedVersion(document.id);
    expect(
      createHash("sha256")
        .update(await readStored(version.path))
        .digest("hex"),
    ).toBe(seals[0]!.sha256);
  });

  it("waits for every signer, and a manual request says so", { timeout: 60_000 }, async () => {
    const { document, session, account } = await signedDocument({ signers: [{}, { signed: false }] });
    expect(await sealDocument(jobContext(null), document.id, first)).toEqual({ sealed: false, reason: "notAllSigned" });
    expect(await db.seal.count({ where: { documentId: document.id } })).toBe(0);
    const ask = (token: string) =>
      reseal(
        jsonRequest("POST", `/vapp/sealing/documents/${document.id}`, { headers: { authorization: `Bearer ${token}` } }),
        params({ id: document.id }),
      );
    expect((await (await ask(session.accessToken)).json()).error.code).toBe("NOT_READY_TO_SEAL");
    // Not an owner of the document: refused before anything else.
    const editor = await addMember(account.id, "Member");
    await db.documentPolicy.create({ data: { accountId: account.id, documentId: document.id, userId: editor.id, role: "editor" } });
    const other = await signedInAs(editor.id, account.id);
    expect((await ask(other.accessToken)).status).toBe(403);
  });

  it("records a clear failure when a Word version cannot become a PDF, and lets an owner queue it again", { timeout: 60_000 }, async () => {
    const previous = process.env.SOFFICE_PATH;
    process.env.SOFFICE_PATH = "/nonexistent/soffice";
    try {
      const { document, session } = await signedDocument({ word: true, signers: [{}] });
      await expect(sealDocument(jobContext("w"), document.id, last)).rejects.toThrow(/LibreOffice is not installed/);
      const stored = await db.document.findUniqueOrThrow({ where: { id: document.id } });
      expect(readSealingState(stored.metadata)).toMatchObject({ state: "failed", attempts: 3, final: true });
      expect(readSealingState(stored.metadata)?.error).toMatch(/LibreOffice is not installed/);
      expect(await db.seal.count({ where: { documentId: document.id } })).toBe(0);

      const response = await reseal(
        jsonRequest("POST", `/vapp/sealing/documents/${document.id}`, { headers: { authorization: `Bearer ${session.accessToken}` } }),
        params({ id: document.id }),
      );
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({ documentId: document.id, state: "sealing" });
      const again = await db.document.findUniqueOrThrow({ where: { id: document.id } });
      expect(readSealingState(again.metadata)).toMatchObject({ state: "sealing" });
      expect(await db.audit.count({ where: { targetId: document.id, eventType: "document.sealRequested" } })).toBe(1);
    } finally {
      if (previous === undefined) delete process.env.SOFFICE_PATH;
      else process.env.SOFFICE_PATH = previous;
    }
  });

  it("honours the owners' email preference and a signer's download setting", { timeout: 60_000 }, async () => {
    const { document, owner, signatures } = await signedDocument({ signers: [{ allowDownload: false }] });
    await db.user.update({
      where: { id: owner.id },
      data: { emailPreferences: { successApprovals: true, docSigned: false, signs: true, tips: true } },
    });
    await sealDocument(jobContext(null), document.id, first);
    const emails = await db.outboxEmail.findMany({ where: { documentId: document.id, template: "documentSealed" } });
    expect(emails.map((e) => e.to)).toEqual([signatures[0]!.email]);
    expect(emails[0]!.text).toContain("http://localhost:3000/verify");
    expect(emails[0]!.text).not.toContain("sealed-copy");
  });
});

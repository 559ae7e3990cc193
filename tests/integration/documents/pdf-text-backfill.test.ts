import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { DOCUMENT_LIST_DEFAULTS, findDocuments } from "@/lib/documents/find-documents";
import { refreshSearchIndex } from "@/lib/documents/search-index";
import { backfillPdfText, MAX_READ_ATTEMPTS, READ_RETRY_PERIOD_MS } from "@/lib/documents/pdf-text-backfill";
import { storage } from "@/lib/storage/storage";
import { createAccount, signedInAs } from "@/tests/factories";
import { makeTextPdf } from "@/tests/fixtures/pdf";

/**
 * The job runs across every account of a database other test files share, so each test looks
 * only at its own rows, never at the job's totals.
 */
async function workspace(name: string) {
  const { account, owner } = await createAccount(name);
  const { ctx } = await signedInAs(owner.id, account.id);
  return { account, owner, ctx };
}

/**
 * A PDF document as stored before text was extracted on upload: the file in storage, its
 * version with empty text, and a search vector of its name only. `bytes: null` stores no file.
 */
async function storeOldPdf(ws: { account: { id: string }; owner: { id: string } }, name: string, bytes: Uint8Array | null) {
  const accountId = ws.account.id;
  const doc = await db.document.create({
    data: {
      accountId,
      authorId: ws.owner.id,
      name,
      language: "en",
      policies: { create: { accountId, userId: ws.owner.id, role: "owner" } },
    },
  });
  const key = `accounts/${accountId}/documents/${doc.id}/v1.pdf`;
  if (bytes) await storage().put(key, bytes);
  const content = await db.documentContent.create({
    data: {
      accountId,
      documentId: doc.id,
      authorId: ws.owner.id,
      version: 1,
      name: `${name}.pdf`,
      mimetype: "application/pdf",
      path: key,
      size: bytes?.byteLength ?? 0,
      text: "",
    },
  });
  await refreshSearchIndex(db, doc.id);
  return { documentId: doc.id, contentId: content.id };
}

const version = (id: string) => db.documentContent.findUniqueOrThrow({ where: { id }, select: { text: true, metadata: true } });
const meta = async (id: string) => (await version(id)).metadata as Record<string, unknown>;
const found = async (ctx: Awaited<ReturnType<typeof workspace>>["ctx"], search: string) =>
  (await findDocuments(ctx, { ...DOCUMENT_LIST_DEFAULTS, search })).items.map((d) => d.id);

describe("PDF text backfill job", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("makes old PDF versions of every account findable by their body, with search still scoped to each account", async () => {
    const a = await workspace("Backfill A");
    const b = await workspace("Backfill B");
    const docA = await storeOldPdf(a, "Supply agreement", await makeTextPdf([["Preamble"], ["Disputes go to the Quetzalcoatl tribunal."]]));
    const docB = await storeOldPdf(b, "Lease", await makeTextPdf([["Lease of the Axolotl hatchery."]]));
    expect(await found(a.ctx, "quetzalcoatl")).toEqual([]);
    expect(await found(b.ctx, "axolotl")).toEqual([]);

    // Two runs at once (two app instances) write each version once.
    await Promise.all([backfillPdfText(), backfillPdfText()]);

    expect((await version(docA.contentId)).text).toBe("Preamble\nDisputes go to the Quetzalcoatl tribunal.");
    expect(await meta(docA.contentId)).toMatchObject({ textExtraction: "extracted", textExtractedAt: expect.any(String) });
    expect(await found(a.ctx, "quetzalcoatl")).toEqual([docA.documentId]);
    expect(await found(a.ctx, "tribunals")).toEqual([docA.documentId]); // stemmed in the document's language
    expect(await found(b.ctx, "axolotl")).toEqual([docB.documentId]);
    expect(await found(a.ctx, "axolotl")).toEqual([]);
    expect(await found(b.ctx, "quetzalcoatl")).toEqual([]);

    const audits = await db.audit.findMany({
      where: { accountId: { in: [a.account.id, b.account.id] }, eventType: "document.textExtracted" },
    });
    expect(audits).toHaveLength(2);
    expect(audits.find((row) => row.targetId === docA.contentId)).toMatchObject({
      accountId: a.account.id,
      userId: null,
      via: "system",
      targetType: "documentContent",
      targetContext: docA.documentId,
      payload: { version: 1, chars: "Preamble\nDisputes go to the Quetzalcoatl tribunal.".length, reason: "backfill" },
    });
    expect(audits.find((row) => row.targetId === docB.contentId)).toMatchObject({
      accountId: b.account.id,
      targetContext: docB.documentId,
    });

    // Done once: a later run leaves them alone.
    const before = await meta(docA.contentId);
    await backfillPdfText();
    expect(await meta(docA.contentId)).toEqual(before);
    expect(await db.audit.count({ where: { accountId: { in: [a.account.id, b.account.id] }, eventType: "document.textExtracted" } })).toBe(
      2,
    );
  });

  it("marks a PDF without text as empty and does not read it again", async () => {
    const ws = await workspace("Backfill empty");
    const scanned = await storeOldPdf(ws, "Scanned", await makeTextPdf([[], []]));
    await backfillPdfText();
    const first = await version(scanned.contentId);
    expect(first).toMatchObject({ text: "", metadata: { textExtraction: "empty", textExtractedAt: expect.any(String) } });
    expect(first.metadata).not.toHaveProperty("textExtractionError");

    // Replaced with a file that has text: a run that read it again would find the word.
    await storage().put(
      (await db.documentContent.findUniqueOrThrow({ where: { id: scanned.contentId } })).path,
      await makeTextPdf([["Wallaby"]]),
    );
    await backfillPdfText();
    expect(await version(scanned.contentId)).toEqual(first);
    expect(await found(ws.ctx, "wallaby")).toEqual([]);
    expect(await db.audit.count({ where: { accountId: ws.account.id, eventType: "document.textExtracted" } })).toBe(0);
  });

  it("marks a damaged file failed and goes on with the batch", async () => {
    const ws = await workspace("Backfill corrupt");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const broken = await storeOldPdf(ws, "Broken", (await makeTextPdf([["Numbat"]])).slice(0, 60));
    const garbage = await storeOldPdf(ws, "Garbage", new TextEncoder().encode("not a PDF at all"));
    const good = await storeOldPdf(ws, "Good", await makeTextPdf([["Annex on Pangolin conservation."]]));
    await backfillPdfText();

    for (const id of [broken.contentId, garbage.contentId]) {
      expect(await version(id)).toMatchObject({ text: "", metadata: { textExtraction: "failed", textExtractionError: "corrupt" } });
    }
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(broken.contentId));
    expect(await meta(good.contentId)).toMatchObject({ textExtraction: "extracted" });
    expect(await found(ws.ctx, "pangolin")).toEqual([good.documentId]);

    const failedAt = await meta(broken.contentId);
    await backfillPdfText();
    expect(await meta(broken.contentId)).toEqual(failedAt);
  });

  it("tries a missing file again on later runs, and marks it failed after enough tries over a day", async () => {
    const ws = await workspace("Backfill missing");
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const lost = await storeOldPdf(ws, "Lost", null);
    for (let run = 1; run <= MAX_READ_ATTEMPTS; run++) {
      await backfillPdfText();
      expect(await meta(lost.contentId)).toEqual({
        textExtractionAttempts: run,
        textExtractionError: "missing",
        textExtractionFirstErrorAt: expect.any(String),
        textExtractedAt: expect.any(String),
      });
    }
    // Still missing more than a day after the first try: given up.
    const earlier = new Date(Date.now() - READ_RETRY_PERIOD_MS - 60_000).toISOString();
    await db.documentContent.update({
      where: { id: lost.contentId },
      data: { metadata: { ...(await meta(lost.contentId)), textExtractionFirstErrorAt: earlier } },
    });
    await backfillPdfText();
    expect(await meta(lost.contentId)).toMatchObject({
      textExtraction: "failed",
      textExtractionError: "missing",
      textExtractionAttempts: MAX_READ_ATTEMPTS + 1,
    });
    await backfillPdfText();
    expect(await meta(lost.contentId)).toMatchObject({ textExtractionAttempts: MAX_READ_ATTEMPTS + 1 });
  });

  it("reads a file back after the storage could not serve it", async () => {
    const ws = await workspace("Backfill late file");
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const late = await storeOldPdf(ws, "Late", null);
    await backfillPdfText();
    expect(await meta(late.contentId)).toMatchObject({ textExtractionAttempts: 1, textExtractionError: "missing" });
    await storage().put(
      (await db.documentContent.findUniqueOrThrow({ where: { id: late.contentId } })).path,
      await makeTextPdf([["Memorandum on the Echidna reserve"]]),
    );
    await backfillPdfText();
    expect(await meta(late.contentId)).toMatchObject({ textExtraction: "extracted", textExtractionAttempts: 1 });
    expect(await meta(late.contentId)).not.toHaveProperty("textExtractionError");
    expect(await found(ws.ctx, "echidna")).toEqual([late.documentId]);
  });
});

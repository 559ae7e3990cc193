import { existsSync } from "node:fs";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import {
  documentPageImage,
  pageRenderDpi,
  pdftoppmRuns,
  PAGE_IMAGE_MAX_PIXELS,
  PDFTOPPM,
  renderPdfPage,
} from "@/lib/documents/page-images";
import { enqueuePageRender, PAGE_RENDER_CONCURRENCY, pageRenderStats } from "@/lib/documents/page-render-queue";
import { isAppError, type AppError } from "@/lib/errors/app-error";
import { localizeAppError } from "@/lib/errors/localize-app-error";
import { imageSize } from "@/lib/files/image-size";
import { errorBody } from "@/lib/http/error-response";
import { stopJobs } from "@/lib/jobs/queue";
import * as pageRoute from "@/app/vapp/documents/[id]/pages/[page]/route";
import { createAccount, signedInAs } from "@/tests/factories";
import { params } from "@/tests/factories/http";
import { makeTextPdf } from "@/tests/fixtures/pdf";

/**
 * Page images are bounded (issue 37, item 9): a page of 14,400 × 14,400 points renders at a scale
 * that keeps its image within 4 megapixels, quickly; a rendered page is read from storage the
 * next time; renders run through a queue of bounded concurrency; a request waits at most the
 * GraphQL time budget; a failure is a sentence, never "a readable undefined file".
 */
// The time a request waits, as in production (vitest.config.ts raises it for the other files).
const wait = process.env.PAGE_IMAGE_WAIT_MS;
beforeAll(() => {
  process.env.PAGE_IMAGE_WAIT_MS = "2000";
});
afterAll(async () => {
  if (wait === undefined) delete process.env.PAGE_IMAGE_WAIT_MS;
  else process.env.PAGE_IMAGE_WAIT_MS = wait;
  await stopJobs();
});

async function uploaded(name: string, bytes: Uint8Array) {
  const { account, owner } = await createAccount(name);
  const { ctx, accessToken } = await signedInAs(owner.id, account.id);
  const document = await createDocumentFromUpload(ctx, { name }, { name: "file.pdf", bytes });
  return { accountId: account.id, documentId: document.id, accessToken };
}

/** Every render slot taken for `ms` by renders of nothing. */
const occupyQueue = (ms: number) =>
  Array.from({ length: PAGE_RENDER_CONCURRENCY }, (_, i) =>
    enqueuePageRender(`slow-${Date.now()}-${i}`, () => new Promise((resolve) => setTimeout(() => resolve(new Uint8Array()), ms))),
  );

/** The page, asking again while the server says it is still being prepared. */
async function pageImage(accountId: string, documentId: string, page: number): Promise<Uint8Array> {
  for (;;) {
    try {
      return await documentPageImage(accountId, documentId, page);
    } catch (error) {
      if (!(isAppError(error) && error.code === "PAGE_IMAGE_UNAVAILABLE" && error.params.reason === "busy")) throw error;
    }
  }
}

const message = (error: AppError, locale: "en" | "es") => errorBody(localizeAppError(error, locale), locale).error.message;

describe("the render scale", () => {
  it("keeps a normal page at 106 dpi and any page within 4 megapixels", () => {
    expect(pageRenderDpi(595, 842)).toBe(106);
    for (const [w, h] of [
      [14_400, 14_400],
      [14_400, 1],
      [1, 14_400],
      [3_000, 2_000],
      [1e9, 1e9],
    ] as const) {
      const dpi = pageRenderDpi(w, h);
      expect((Math.ceil((w / 72) * dpi) + 1) * (Math.ceil((h / 72) * dpi) + 1)).toBeLessThanOrEqual(PAGE_IMAGE_MAX_PIXELS);
    }
  });
});

describe.skipIf(!existsSync(PDFTOPPM))("page images", () => {
  it("renders a 14,400-point page within 4 megapixels, quickly, and reads it from storage the second time", async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage().setSize(14_400, 14_400);
    const { accountId, documentId } = await uploaded("Huge page", await pdf.save());
    const runs = pdftoppmRuns.count;
    const started = Date.now();
    const png = await pageImage(accountId, documentId, 1);
    const elapsed = Date.now() - started;
    const size = imageSize(png)!;
    expect(size.width * size.height).toBeLessThanOrEqual(PAGE_IMAGE_MAX_PIXELS);
    expect(size.width).toBeGreaterThan(1_900);
    expect(elapsed).toBeLessThan(10_000);
    expect(pdftoppmRuns.count).toBe(runs + 1);
    // The second request reads storage: pdftoppm does not run again.
    expect(await documentPageImage(accountId, documentId, 1)).toEqual(png);
    expect(pdftoppmRuns.count).toBe(runs + 1);
  }, 60_000);

  it("renders at most PAGE_RENDER_CONCURRENCY pages at once, and a page asked for at once renders once", async () => {
    const { accountId, documentId } = await uploaded(
      "Many pages",
      await makeTextPdf(Array.from({ length: 6 }, (_, i) => [`Page ${i + 1}`])),
    );
    const started = pageRenderStats.started;
    pageRenderStats.peak = 0;
    const pages = await Promise.all([1, 2, 3, 4, 5, 6, 1, 1, 2].map((page) => pageImage(accountId, documentId, page)));
    expect(pages.every((png) => imageSize(png)!.width === 876)).toBe(true);
    expect(pageRenderStats.peak).toBeLessThanOrEqual(PAGE_RENDER_CONCURRENCY);
    expect(pageRenderStats.started - started).toBe(6);
  }, 60_000);

  it("answers within the time budget while the queue is busy, and the page is there afterwards", async () => {
    const { accountId, documentId } = await uploaded("Busy queue", await makeTextPdf([["Only page"]]));
    const slow = occupyQueue(3_000);
    const started = Date.now();
    const error = (await documentPageImage(accountId, documentId, 1).catch((e) => e)) as AppError;
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(error).toMatchObject({ code: "PAGE_IMAGE_UNAVAILABLE", status: 503, params: { reason: "busy" } });
    expect(typeof error.details.retryAt).toBe("string");
    expect(message(error, "es")).toBe("Esta página aún se está preparando. Vuelve a intentarlo en un momento.");
    await Promise.all(slow);
    const runs = pdftoppmRuns.count;
    // The render went on without the request; wait for it, then the page is read from storage.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(imageSize(await pageImage(accountId, documentId, 1))?.width).toBe(876);
    expect(pdftoppmRuns.count - runs).toBeLessThanOrEqual(1);
  }, 60_000);

  it("sends a browser's <img> back to the same address while the page renders; an API caller gets the 503", async () => {
    const { documentId, accessToken } = await uploaded("Image hops", await makeTextPdf([["Only page"]]));
    const slow = occupyQueue(3_000);
    const get = (query: string, dest?: string) =>
      pageRoute.GET(
        new Request(`http://localhost:3000/vapp/documents/${documentId}/pages/1${query}`, {
          headers: { authorization: `Bearer ${accessToken}`, ...(dest && { "sec-fetch-dest": dest }) },
        }),
        params({ id: documentId, page: "1" }),
      );
    const hop = await get("", "image");
    expect(hop.status).toBe(307);
    expect(hop.headers.get("location")).toBe(`/vapp/documents/${documentId}/pages/1?hop=1`);
    await Promise.all(slow);
    // The next hop (or any later request) gets the picture; `hop` is not the operation's input.
    let page = await get("?hop=1", "image");
    while (page.status === 307) page = await get(new URL(page.headers.get("location")!, "http://localhost:3000").search, "image");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("image/png");
    const api = occupyQueue(3_000);
    const { documentId: other, accessToken: otherToken } = await uploaded("Api caller", await makeTextPdf([["Only page"]]));
    const refused = await pageRoute.GET(
      new Request(`http://localhost:3000/vapp/documents/${other}/pages/1`, { headers: { authorization: `Bearer ${otherToken}` } }),
      params({ id: other, page: "1" }),
    );
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused.json()).error).toMatchObject({
      code: "PAGE_IMAGE_UNAVAILABLE",
      message: "This page is still being prepared. Try again in a moment.",
    });
    await Promise.all(api);
  }, 60_000);

  it("words a damaged page and a render past its time limit, never 'undefined'", async () => {
    const damaged = (await renderPdfPage(new TextEncoder().encode("%PDF-1.4\nnot really a pdf"), 1).catch((e) => e)) as AppError;
    expect(damaged).toMatchObject({ code: "FILE_UNREADABLE", params: { kind: "PDF" } });
    expect(message(damaged, "en")).toBe("The file cannot be opened: it is damaged, or it is not a readable PDF file.");
    const slow = (await renderPdfPage(await makeTextPdf([["Page"]]), 1, { timeoutMs: 1 }).catch((e) => e)) as AppError;
    expect(slow).toMatchObject({ code: "PAGE_IMAGE_UNAVAILABLE", params: { reason: "tooSlow" } });
    expect(message(slow, "en")).toBe("This page takes too long to draw as an image. Download the PDF to read it.");
    expect(message(slow, "es")).not.toContain("undefined");
  });
});

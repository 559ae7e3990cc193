import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signInFresh } from "../fixtures/fresh-user";
import { uploadDocument } from "../fixtures/upload-document";
import { messages } from "../fixtures/messages";

const en = messages("en");
const HAS_LIBREOFFICE = ["/usr/bin/soffice", "/usr/lib/libreoffice/program/soffice"].some((path) => existsSync(path));

test("a Word document downloads as a PDF made by LibreOffice, from the header and from its version", async ({ page, request }) => {
  // The server converts with LibreOffice (.ci/run installs it); without it the screen offers no PDF
  // for Word files, which tests/integration/documents/pdf-rendition.test.ts covers.
  test.skip(!HAS_LIBREOFFICE, "LibreOffice is not installed on this machine");
  await signInFresh(page, request, "pdf-download");

  await uploadDocument(page, "Lease.docx", "Lease of the Quokka warehouse.");

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: en("documents.downloadPdf") }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("Lease.pdf");
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(bytes.byteLength).toBeGreaterThan(1000);

  await page.getByRole("tab", { name: en("documents.tabs.versions") }).click();
  const again = page.waitForEvent("download");
  await page.getByRole("button", { name: en("documents.downloadPdfVersionN").replace("{version}", "1") }).click();
  expect((await again).suggestedFilename()).toBe("Lease.pdf");
});

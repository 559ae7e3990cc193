import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { makeDocx } from "../../fixtures/docx";
import { signInFresh } from "../fixtures/fresh-user";
import { messages } from "../fixtures/messages";
import { csrfToken, waitForHydration } from "../fixtures/users";

const en = messages("en");
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/**
 * The /docs screen's "Export CSV" downloads the list as it is filtered on the screen: a search
 * exports its matches only, in the list's order, as a spreadsheet opens them.
 */
test("export the searched document list as CSV", async ({ page, request }) => {
  await signInFresh(page, request, "doc-export");
  for (const [name, text] of [
    ["Okapi lease", "The okapi tenant pays rent monthly."],
    ["Zebra lease", "The zebra tenant pays rent yearly."],
    ["Okapi memo", "A note about the okapi."],
  ]) {
    const response = await page.request.post("/vapp/documents", {
      headers: { "x-csrf-token": await csrfToken(page.request) },
      multipart: { file: { name: `${name}.docx`, mimeType: DOCX, buffer: Buffer.from(makeDocx([text])) } },
    });
    expect(response.ok(), await response.text()).toBe(true);
  }

  await page.goto("/docs?q=okapi");
  await waitForHydration(page);
  const rows = page.getByTestId("document-row");
  await expect(rows).toHaveCount(2);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: en("documents.exportCsv") }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^documents-\d{4}-\d\d-\d\d\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv.startsWith("\uFEFF")).toBe(true);
  const lines = csv.slice(1).trim().split("\r\n");
  expect(lines[0]).toBe(
    '"ref","name","status","category","tags","author","createdAt","updatedAt","startedAt","endedAt","value","currency"',
  );
  // By update time: the memo, uploaded last, first.
  expect(lines.slice(1).map((line) => JSON.parse(`[${line}]`)[1])).toEqual(["Okapi memo", "Okapi lease"]);
});

import { expect, test } from "@playwright/test";
import { signInFresh } from "../fixtures/fresh-user";
import { uploadDocument } from "../fixtures/upload-document";
import { messages } from "../fixtures/messages";

const en = messages("en");

test("an owner archives a document: it leaves the repository for the archive view, and restoring brings it back", async ({
  page,
  request,
}) => {
  await signInFresh(page, request, "archive");

  const address = await uploadDocument(page, "Expired NDA.docx", "An old agreement");

  await page.getByRole("button", { name: en("documents.archive"), exact: true }).click();
  await expect(page.getByTestId("archived-notice")).toContainText(en("documents.archivedNotice"));

  await page.goto("/docs");
  await expect(page.getByRole("link", { name: "Expired NDA" })).toHaveCount(0);
  await page
    .getByRole("navigation", { name: en("documents.views") })
    .getByRole("link", { name: en("documents.archivedView") })
    .click();
  await page.waitForURL((url) => url.searchParams.get("archived") === "1");
  await expect(page.getByRole("heading", { name: en("documents.archiveTitle") })).toBeVisible();
  await page.getByRole("link", { name: "Expired NDA" }).click();
  await page.waitForURL(address);

  await page
    .getByTestId("archived-notice")
    .getByRole("button", { name: en("documents.restore") })
    .click();
  await expect(page.getByTestId("archived-notice")).toHaveCount(0);
  await page.goto("/docs");
  await expect(page.getByRole("link", { name: "Expired NDA" })).toBeVisible();
});

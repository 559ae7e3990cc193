import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { makeDocx } from "../../fixtures/docx";
import { makeTextPdf } from "../../fixtures/pdf";
import { makePng } from "../../factories/images";
import { signInFresh } from "../fixtures/fresh-user";
import { messages } from "../fixtures/messages";
import { csrfToken } from "../fixtures/users";

const en = messages("en");
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

test("image and attachment fields: the picture lands in the document, the file is kept with it, editors attach and remove annexes, and a link visitor downloads them", async ({
  page,
  request,
  browser,
}) => {
  await signInFresh(page, request, "attachments");

  await page.goto("/templates");
  await page.getByRole("button", { name: en("templates.add") }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(en("templates.file")).setInputFiles({
    name: "Offer [client].docx",
    mimeType: DOCX,
    buffer: Buffer.from(makeDocx(["Offer for [client].", "[logo]", "Annex: [annex]."])),
  });
  await dialog.getByRole("button", { name: en("templates.upload") }).click();
  await page.waitForURL(/\/t\/[^/]+\/view$/);

  const row = (name: string) => page.locator(`[data-testid="variable-row"][data-name="${name}"]`);
  await row("logo")
    .getByRole("combobox", { name: en("templates.type") })
    .selectOption({ label: en("templates.types.image") });
  await row("annex")
    .getByRole("combobox", { name: en("templates.type") })
    .selectOption({ label: en("templates.types.attachment") });
  await page.getByRole("button", { name: en("templates.saveFields") }).click();
  await expect(page.getByText(en("alerts.saved")).first()).toBeVisible();
  await page.getByRole("button", { name: en("templates.publish") }).click();
  await expect(page.getByTestId("template-state")).toHaveText(en("templates.published"));

  const form = page.getByTestId("create-document-form");
  const plan = Buffer.from(await makeTextPdf([["Site plan of the Acme warehouse."]]));
  await form.locator('[data-name="client"] input').fill("Acme");
  // A PDF is not a picture: the server says so beside the field, and nothing is made.
  await form.getByLabel("logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: plan });
  await form.getByLabel("annex").setInputFiles({ name: "site plan.pdf", mimeType: "application/pdf", buffer: plan });
  await form.getByRole("button", { name: en("templates.generate") }).click();
  await expect(form.locator('[data-name="logo"] [role="alert"]')).toHaveText(en("errors.fields.imageType"));
  await expect(page).toHaveURL(/\/t\/[^/]+\/view$/);

  await form.getByLabel("logo").setInputFiles({ name: "acme-logo.png", mimeType: "image/png", buffer: Buffer.from(makePng(300, 100)) });
  await form.getByRole("button", { name: en("templates.generate") }).click();
  await page.waitForURL(/\/d\/[^/]+\/view$/);

  const rendition = page.getByTestId("document-rendition");
  await expect(rendition).toContainText("Offer for Acme.");
  await expect(rendition).toContainText("Annex: site plan.pdf.");
  await expect(rendition.locator('img[alt="acme-logo.png"]')).toBeVisible();

  // The files are kept with the document and download as they were given.
  await page.getByRole("tab", { name: en("documents.tabs.attachments") }).click();
  const rows = page.getByTestId("attachment-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("acme-logo.png");
  await expect(rows.nth(1)).toContainText("site plan.pdf");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: en("documents.attachments.downloadNamed").replace("{name}", "site plan.pdf") }).click();
  expect(new Uint8Array(await readFile((await (await downloading).path())!))).toEqual(new Uint8Array(plan));

  // An editor attaches an annex and removes it; a field's file offers no removal.
  await page
    .getByTestId("attachment-input")
    .setInputFiles({ name: "terms.docx", mimeType: DOCX, buffer: Buffer.from(makeDocx(["General terms"])) });
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(2)).toContainText("terms.docx");
  await expect(page.getByRole("button", { name: en("documents.attachments.removeNamed").replace("{name}", "acme-logo.png") })).toHaveCount(
    0,
  );
  await page.getByRole("button", { name: en("documents.attachments.removeNamed").replace("{name}", "terms.docx") }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: en("documents.attachments.remove") })
    .click();
  await expect(rows).toHaveCount(2);

  // The Fields tab links each file field to its file.
  await page.getByRole("tab", { name: en("documents.tabs.fields") }).click();
  await expect(page.getByRole("link", { name: "acme-logo.png" })).toHaveAttribute("href", /\/attachments\/a[0-9a-f]+$/);

  // An editor fills the fields again: a new version, the logo kept without being given again.
  await page.getByRole("button", { name: en("documents.editValues") }).click();
  const edit = page.getByTestId("create-document-form");
  await expect(edit.locator('[data-name="client"] input')).toHaveValue("Acme");
  await expect(edit.locator('[data-name="logo"]').getByTestId("current-file")).toContainText("acme-logo.png");
  await edit.locator('[data-name="client"] input').fill("Acme Robotics");
  await edit.getByRole("button", { name: en("documents.saveValues") }).click();
  await expect(page.getByRole("button", { name: en("documents.editValues") })).toBeVisible();
  await expect(page.getByRole("tabpanel")).toContainText("Acme Robotics");
  await page.getByRole("tab", { name: en("documents.tabs.document") }).click();
  await expect(rendition).toContainText("Offer for Acme Robotics.");
  await expect(rendition.locator('img[alt="acme-logo.png"]')).toBeVisible();
  await page.getByRole("tab", { name: en("documents.tabs.versions") }).click();
  await expect(page.getByTestId("version-row")).toHaveCount(2);

  // A visitor without an account sees the files of a shared document and downloads them.
  const documentId = new URL(page.url()).pathname.split("/")[2];
  const created = await page.request.post(`/vapp/documents/${documentId}/links`, {
    headers: { "x-csrf-token": await csrfToken(page.request) },
    data: { name: "Client" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(new URL(((await created.json()) as { url: string }).url).pathname);
  await expect(visitor.getByTestId("shared-attachment")).toHaveCount(2);
  const visitorDownload = visitor.waitForEvent("download");
  await visitor.getByRole("button", { name: en("shareLinks.page.downloadNamed").replace("{name}", "site plan.pdf") }).click();
  const file = await visitorDownload;
  expect(file.suggestedFilename()).toBe("site plan.pdf");
  expect(new Uint8Array(await readFile((await file.path())!))).toEqual(new Uint8Array(plan));
});

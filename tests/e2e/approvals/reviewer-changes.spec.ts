import { expect, test } from "@playwright/test";
import { makeDocx } from "../../fixtures/docx";
import { signInFresh } from "../fixtures/fresh-user";
import { messages } from "../fixtures/messages";
import { outboxUrl, toPath } from "../fixtures/outbox";
import { memberApi } from "../fixtures/signing";
import { csrfToken, uniqueEmail } from "../fixtures/users";

/**
 * A reviewer who may change the document (Approval.settings.allowModification; issue 16):
 * from their link, with no account, they upload a revised file; it becomes the document's next
 * version, the owner's Approvals tab says so without a reload, and they then approve.
 */
const en = messages("en");
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

test("a reviewer allowed to modify uploads a revised file, and the owner sees it live", async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  await signInFresh(page, request, "review-change-owner");
  const api = memberApi(page);
  const document = await api.upload({ name: "supply.docx", mimeType: DOCX, buffer: Buffer.from(makeDocx(["Supply terms, first draft."])) });
  const reviewer = uniqueEmail("review-changer");
  await api.call("POST", "/vapp/approvals", {
    documentId: document.id,
    firstName: "Rita",
    lastName: "Redline",
    email: reviewer,
    settings: { allowModification: true },
  });
  await api.call("POST", "/vapp/approvals/request", { documentId: document.id });

  // The owner watches the Approvals tab.
  await page.goto(`/d/${document.id}/view`);
  await page.getByRole("tab", { name: en("documents.tabs.approvals") }).click();
  const row = page.getByTestId("approver").filter({ hasText: reviewer.toLowerCase() });
  await expect(row).toHaveAttribute("data-state", "requested");

  let link = "";
  await expect(async () => {
    const html = await (await request.get(outboxUrl(reviewer))).text();
    const match = html.match(/href="(http[^"]*\/review\?signed=[^"]+)"/);
    expect(match).toBeTruthy();
    link = toPath(match![1].replace(/&amp;/g, "&"));
  }).toPass({ timeout: 15_000 });

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "en-US" });
  const reviewerPage = await context.newPage();
  await reviewerPage.goto(link);
  const change = reviewerPage.getByTestId("review-change");
  await expect(change.getByRole("heading", { name: en("review.change") })).toBeVisible();
  await change.getByLabel(en("review.revisedFile")).setInputFiles({
    name: "supply-redlined.docx",
    mimeType: DOCX,
    buffer: Buffer.from(makeDocx(["Supply terms, with the reviewer's changes."])),
  });
  // The document's reload after the revision is held until the reviewer has approved: a slow
  // reload that comes back after the decision (the link then says the review is completed) must
  // not take the reviewer to the failure page (seen on a loaded machine).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await reviewerPage.route(
    (url) => url.pathname === "/vapp/approvals/valid",
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await change.getByRole("button", { name: en("review.uploadRevision") }).click();
  await expect(reviewerPage.getByTestId("review-revised")).toHaveText(en("review.revised").replace("{version}", "2"));

  // The owner's tab, never reloaded, says the reviewer changed the document.
  await expect(row).toContainText(en("approvals.modifiedAt").replace(" {date}", ""));

  await reviewerPage.getByRole("button", { name: en("review.approve") }).click();
  await expect(reviewerPage.getByTestId("review-done")).toHaveAttribute("data-outcome", "approved");
  const reloaded = reviewerPage.waitForResponse((response) => new URL(response.url()).pathname === "/vapp/approvals/valid");
  release();
  expect((await reloaded).status()).toBeGreaterThanOrEqual(400);
  await reviewerPage.waitForLoadState("networkidle");
  expect(new URL(reviewerPage.url()).pathname).toBe("/review");
  await expect(reviewerPage.getByTestId("review-done")).toHaveAttribute("data-outcome", "approved");
  await expect(row).toHaveAttribute("data-state", "approved");
  await context.close();

  // The revised file is the document's version 2.
  await page.reload();
  await page.getByRole("tab", { name: en("documents.tabs.versions") }).click();
  await expect(page.getByRole("link", { name: en("documents.downloadVersionN").replace("{version}", "2") })).toBeVisible();
});

test("a reviewer allowed to modify changes the fields of a document made from a template", async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  await signInFresh(page, request, "review-values-owner");
  const api = memberApi(page);
  const created = await page.request.post("/vapp/templates", {
    headers: { "x-csrf-token": await csrfToken(page.request) },
    multipart: {
      file: { name: "offer.docx", mimeType: DOCX, buffer: Buffer.from(makeDocx(["Offer for [client]."])) },
      data: JSON.stringify({ name: "Offer" }),
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const template = (await created.json()) as { id: string };
  await api.call("POST", `/vapp/templates/${template.id}/publish`, { published: true });
  const document = await api.call<{ id: string }>("POST", "/vapp/documents/from-template", {
    templateId: template.id,
    values: { client: "Acme" },
  });
  const reviewer = uniqueEmail("review-values");
  await api.call("POST", "/vapp/approvals", {
    documentId: document.id,
    firstName: "Vera",
    email: reviewer,
    settings: { allowModification: true },
  });
  await api.call("POST", "/vapp/approvals/request", { documentId: document.id });

  let link = "";
  await expect(async () => {
    const html = await (await request.get(outboxUrl(reviewer))).text();
    const match = html.match(/href="(http[^"]*\/review\?signed=[^"]+)"/);
    expect(match).toBeTruthy();
    link = toPath(match![1].replace(/&amp;/g, "&"));
  }).toPass({ timeout: 15_000 });
  const context = await browser.newContext({ locale: "en-US" });
  const reviewerPage = await context.newPage();
  await reviewerPage.goto(link);
  const change = reviewerPage.getByTestId("review-change");
  await expect(change.getByText(en("review.changeValuesHelp"))).toBeVisible();
  const field = change.getByRole("textbox").first();
  await expect(field).toHaveValue("Acme");
  await field.fill("Acme Iberia");
  await change.getByRole("button", { name: en("documents.saveValues") }).click();
  await expect(reviewerPage.getByTestId("review-revised")).toHaveText(en("review.revised").replace("{version}", "2"));
  await context.close();

  // The document now holds the reviewer's value, in its second version.
  const versions = (await (await page.request.get(`/vapp/documents/${document.id}/versions`)).json()) as { version: number }[];
  expect(versions.map((v) => v.version)).toContain(2);
  const detail = await (await page.request.get(`/vapp/documents/${document.id}`)).text();
  expect(detail).toContain("Acme Iberia");
});

import { expect, test, type Page } from "@playwright/test";
import { makeTextPdf } from "../../fixtures/pdf";
import { signInFresh } from "../fixtures/fresh-user";
import { messages } from "../fixtures/messages";
import { memberApi, signLink } from "../fixtures/signing";
import { uniqueEmail } from "../fixtures/users";

/**
 * Each screen sends its client components only the messages they read (issue 15,
 * components/i18n/client-messages.tsx). tests/unit/i18n/client-messages.test.ts checks the lists
 * without a build; this opens the screens in the production build, every tab of the document
 * screen too (its panels load later), and fails on a MISSING_MESSAGE, which lib/i18n/client.tsx logs in
 * the browser's console while it shows the key instead of the text.
 */
const en = messages("en");

function watchMissingMessages(page: Page): string[] {
  const missing: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && message.text().includes("MISSING_MESSAGE")) missing.push(`${page.url()}: ${message.text()}`);
  });
  return missing;
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
}

test("the screens have every message their client components read", async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const missing = watchMissingMessages(page);
  await open(page, "/login");
  await signInFresh(page, request, "client-messages");
  const api = memberApi(page);
  const pdf = Buffer.from(await makeTextPdf([["Supply agreement. Clause 1: delivery."]]));
  const document = await api.upload({ name: "supply.pdf", mimeType: "application/pdf", buffer: pdf });

  for (const path of [
    "/",
    "/docs",
    "/templates",
    "/settings/profile",
    "/settings/preferences",
    "/settings/security",
    "/settings/ws/settings",
    "/settings/ws/users",
    "/settings/ws/roles",
    "/settings/ws/categories",
    "/settings/ws/tags",
    "/settings/ws/integrations",
    "/settings/ws/appearance",
    "/settings/ws/billing",
    "/settings/ws/datastore",
  ])
    await open(page, path);

  await open(page, `/d/${document.id}/view`);
  for (const tab of [
    "details",
    "fields",
    "versions",
    "activity",
    "sharing",
    "access",
    "relations",
    "comments",
    "attachments",
    "approvals",
    "reminders",
    "signatures",
  ]) {
    const button = page.getByRole("tab", { name: en(`documents.tabs.${tab}`), exact: true });
    if (!(await button.count())) continue; // a tab the plan or the document does not offer
    await button.click();
    await expect(button).toHaveAttribute("aria-selected", "true");
    await expect(page.locator(`#panel-${tab}`)).not.toBeEmpty(); // its panel's code has loaded
  }

  // The visitor of a share link and a signer on a phone, with no account.
  const link = await api.call<{ url: string }>("POST", `/vapp/documents/${document.id}/links`, { name: "messages" });
  const signer = uniqueEmail("messages-signer");
  await api.call("POST", "/vapp/signatures", { documentId: document.id, firstName: "Sam", lastName: "Signer", email: signer });
  await api.call("POST", "/vapp/signatures/request", { documentId: document.id });
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, locale: "en-US" });
  const visitor = await phone.newPage();
  const visitorMissing = watchMissingMessages(visitor);
  await open(visitor, new URL(link.url).pathname);
  await open(visitor, await signLink(request, signer));
  await phone.close();

  expect([...missing, ...visitorMissing]).toEqual([]);
});

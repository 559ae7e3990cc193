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
    // Its panel's code (and, for a panel that fetches them, its messages) has loaded.
    await expect(page.locator(`#panel-${tab}`)).not.toContainText(en("common.loading"));
    await expect(page.locator(`#panel-${tab}`)).not.toBeEmpty();
  }

  // The visitor of a share link and a signer on a phone, with no account.
  const link = await api.call<{ url: string }>("POST", `/vapp/documents/${document.id}/links`, { name: "messages" });
  const signer = uniqueEmail("messages-signer");
  await api.call("POST", "/vapp/signatures", { documentId: document.id, firstName: "Sam", lastName: "Signer", email: signer });
  await api.call("POST", "/vapp/signatures/request", { documentId: document.id, signaturesOnCertificate: true });
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, locale: "en-US" });
  const visitor = await phone.newPage();
  const visitorMissing = watchMissingMessages(visitor);
  await open(visitor, new URL(link.url).pathname);
  await open(visitor, await signLink(request, signer));
  await phone.close();

  expect([...missing, ...visitorMissing]).toEqual([]);
});

test("a tab's panel brings its messages with it, and says so when they cannot come", async ({ page, request }) => {
  await open(page, "/login");
  await signInFresh(page, request, "lazy-messages");
  const api = memberApi(page);
  const pdf = Buffer.from(await makeTextPdf([["Lease. Clause 1: rent."]]));
  const document = await api.upload({ name: "lease.pdf", mimeType: "application/pdf", buffer: pdf });
  const ownerIntro = en("comments.introOwner");

  // The screen's HTML has the document's texts (its tabs' names), not those of the comments' panel.
  const html = await (await page.request.get(`/d/${document.id}/view`)).text();
  expect(html).toContain(en("documents.tabs.comments"));
  expect(html).not.toContain(ownerIntro.slice(ownerIntro.indexOf("As its owner")));

  // Offline when the tab opens: the panel says so instead of showing keys.
  await page.route("**/vapp/messages/**", (route) => route.abort());
  await open(page, `/d/${document.id}/view`);
  await page.getByRole("tab", { name: en("documents.tabs.comments"), exact: true }).click();
  const offline = page.locator("#panel-comments").getByRole("alert");
  await expect(offline).toContainText(en("errors.NETWORK"));

  // Back online, "Try again" fetches them; the browser may keep them for good.
  await page.unroute("**/vapp/messages/**");
  const fetched = page.waitForResponse((response) => response.url().includes("/vapp/messages/en?"));
  await offline.getByRole("button", { name: en("common.retry") }).click();
  const response = await fetched;
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  await expect(page.locator("#panel-comments")).toContainText(ownerIntro);
  await expect(page.locator("#panel-comments").getByRole("button", { name: en("comments.send"), exact: true })).toBeVisible();
});

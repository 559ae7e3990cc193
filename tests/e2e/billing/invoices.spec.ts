import { expect, test } from "@playwright/test";
import { messages } from "../fixtures/messages";
import { acceptTermsThroughApi, createVerifiedUser, csrfToken, signInThroughApi } from "../fixtures/users";

const en = messages("en");
const year = new Date().getFullYear() + 3;

/**
 * The Invoices card of Workspace settings → Billing with the offline provider (docs/billing.md,
 * "Past invoices"): after checkout (set up through the API, as the screens would call it) it lists
 * the paid invoice with its number, its amount per locale and its status; its link serves the
 * receipt; the billing portal button opens the workspace's own billing page.
 */
test("an administrator sees the checkout's invoice, opens its receipt and the billing portal", async ({ page, request }) => {
  const user = await createVerifiedUser(request, "invoices");
  await signInThroughApi(page, user.email, user.password);
  await acceptTermsThroughApi(page);

  const headers = { "x-csrf-token": await csrfToken(page.request) };
  const call = async (method: "put" | "post", path: string, data: object) => {
    const response = await page.request[method](path, { headers, data });
    expect(response.ok(), await response.text()).toBe(true);
  };
  await call("put", "/vapp/billing/details", {
    legalName: "Acme SL",
    address: { line1: "Gran Via 1", line2: "", city: "Madrid", state: "Madrid", postalCode: "28013", country: "ES" },
    taxId: "",
  });
  await call("post", "/vapp/billing/payment-methods", { tokenId: `tok_local_4242424242424242_12_${year}` });
  await call("put", "/vapp/billing/subscriptions", { items: [{ quota: "quota_standard_year", quantity: 1 }] });

  await page.goto("/settings/ws/billing");
  const card = page.getByRole("region", { name: en("billing.invoices.title") });
  const rows = card.getByTestId("invoice-row");
  await expect(rows).toHaveCount(1);
  // Standard yearly, 290 € plus Spain's 21 %, in the reader's locale.
  const total = new Intl.NumberFormat("en", { style: "currency", currency: "EUR" }).format(350.9);
  await expect(rows.first()).toContainText(total);
  await expect(rows.first()).toContainText(/LOC-[0-9A-F]{8}-0001/);
  await expect(rows.first()).toContainText(en("billing.invoices.statuses.paid"));

  const link = rows.first().getByRole("link", { name: new RegExp(en("billing.invoices.open")) });
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/vapp\/billing\/invoices\/in_local_[0-9a-f]+\/receipt$/);
  const receipt = await page.request.get(href!);
  expect(receipt.status()).toBe(200);
  expect(receipt.headers()["content-type"]).toBe("application/pdf");
  expect((await receipt.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // Offline, the billing portal is this page: the button loads it again.
  await page.evaluate(() => ((window as unknown as { beforePortal: boolean }).beforePortal = true));
  const loaded = page.waitForEvent("load");
  await card.getByRole("button", { name: en("billing.invoices.billingPortal") }).click();
  await loaded;
  // A new document: the marker set on the old one is gone.
  expect(await page.evaluate(() => (window as unknown as { beforePortal?: boolean }).beforePortal ?? false)).toBe(false);
  await expect(page).toHaveURL(/\/settings\/ws\/billing$/);
  await expect(page.getByRole("region", { name: en("billing.invoices.title") }).getByTestId("invoice-row")).toHaveCount(1);
});

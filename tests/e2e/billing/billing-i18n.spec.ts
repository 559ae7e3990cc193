import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { messages } from "../fixtures/messages";
import { acceptTermsThroughApi, createVerifiedUser, csrfToken, signInThroughApi, waitForHydration } from "../fixtures/users";

const en = messages("en");
const es = messages("es");

/** Serious and critical axe violations on the current page, in a readable form. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ id: violation.id, help: violation.help, targets: violation.nodes.map((node) => node.target.join(" ")) }));
}

/** The browser's errors while the page loads and hydrates (a hydration mismatch is one). */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  return errors;
}

/** A new workspace's owner with a Spanish company's billing details, signed in, optionally in another language. */
async function owner(page: Page, request: Parameters<typeof createVerifiedUser>[0], name: string, language?: "es") {
  const user = await createVerifiedUser(request, name);
  await signInThroughApi(page, user.email, user.password);
  await acceptTermsThroughApi(page);
  const headers = { "x-csrf-token": await csrfToken(page.request) };
  const details = await page.request.put("/vapp/billing/details", {
    headers,
    data: {
      legalName: "Acme SL",
      address: { line1: "Gran Via 1", line2: "", city: "Madrid", state: "Madrid", postalCode: "28013", country: "ES" },
      taxId: "",
    },
  });
  expect(details.ok(), await details.text()).toBe(true);
  if (language) {
    const response = await page.request.patch("/vapp/users", { headers, data: { language } });
    expect(response.ok(), await response.text()).toBe(true);
  }
}

/**
 * Billing and checkout (issue 39 items 17 and 18): the page's h1, no serious or critical axe
 * violation on the page or in checkout, no hydration error (the countries come from the server),
 * the usage against the plan's limits, and the plans' names and features in Spanish.
 */
test("Billing and checkout have an h1, no serious accessibility violations and no hydration error", async ({ page, request }) => {
  await owner(page, request, "billing-a11y");
  const errors = collectErrors(page);
  await page.goto("/settings/ws/billing");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: en("billing.title") })).toBeVisible();
  // The usage of a new free workspace: no documents yet, its owner of three members.
  await expect(page.getByTestId("usage-documents")).toContainText(
    en("billing.usage.documents")
      .replace("{used}", "0")
      .replace("{max}", "100")
      .replace(/\{period, select.*\}\}/, "this month"),
  );
  await expect(page.getByTestId("usage-documents").getByRole("meter")).toHaveJSProperty("value", 0);
  await expect(page.getByTestId("usage-members")).toContainText("1 of 3");
  // Standard's collections are starred on a free workspace, with the upgrade prompt.
  const standard = page.getByTestId("summary-plan-standard");
  await standard.getByRole("button", { name: /^Collections: / }).click();
  const prompt = page.getByRole("dialog", { name: en("upgrade.title") });
  await expect(prompt).toBeVisible();
  await prompt.getByRole("button", { name: en("common.close"), exact: true }).click();
  await expect(prompt).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("button", { name: en("billing.changePlan") }).click();
  const checkout = page.getByRole("dialog", { name: en("billing.checkout") });
  await expect(checkout.getByTestId("plan-premium")).toContainText(en("billing.limits.documentsUnlimited"));
  expect(await seriousViolations(page)).toEqual([]);
  await checkout
    .getByTestId("plan-standard")
    .getByRole("button", { name: en("billing.planButtons.selectPlan") })
    .click();
  await expect(checkout.getByRole("textbox", { name: en("billing.promotionCode") })).toHaveAttribute(
    "placeholder",
    en("billing.promotionCodePlaceholder"),
  );
  expect(await seriousViolations(page)).toEqual([]);

  // After a purchase, with the Invoices table: every header cell has a name.
  const headers = { "x-csrf-token": await csrfToken(page.request) };
  const card = await page.request.post("/vapp/billing/payment-methods", {
    headers,
    data: { tokenId: `tok_local_4242424242424242_12_${new Date().getFullYear() + 3}` },
  });
  expect(card.ok(), await card.text()).toBe(true);
  await page.reload();
  await waitForHydration(page);
  await page.getByRole("button", { name: en("billing.changePlan") }).click();
  await checkout
    .getByTestId("plan-standard")
    .getByRole("button", { name: en("billing.planButtons.selectPlan") })
    .click();
  await checkout.getByRole("button", { name: en("billing.confirmAndPay") }).click();
  await expect(checkout).toBeHidden();
  const invoices = page.getByRole("region", { name: en("billing.invoices.title") });
  await expect(invoices.getByTestId("invoice-row")).toHaveCount(1);
  await expect(invoices.getByRole("columnheader", { name: en("billing.invoices.actions") })).toHaveCount(1);
  await expect(invoices.locator("th:empty")).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors.filter((error) => /hydrat|did not match/i.test(error))).toEqual([]);
});

test("plan names, limits and features read in Spanish, amounts in the plan's euros", async ({ page, request }) => {
  await owner(page, request, "billing-es", "es");
  const errors = collectErrors(page);
  await page.goto("/settings/ws/billing");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: es("billing.title") })).toBeVisible();
  await expect(page.getByTestId("current-plan")).toContainText(es("billing.planNames.free"));
  const standard = page.getByTestId("summary-plan-standard");
  await expect(standard).toContainText(es("billing.planNames.standard"));
  await expect(standard).not.toContainText("Standard");
  await expect(standard).toContainText("29,00 €");
  await expect(standard).toContainText("1000 documentos al mes");
  await expect(standard).toContainText(es("billing.features.templates"));
  await expect(standard.getByRole("button", { name: new RegExp(`^${es("billing.features.collections")}: `) })).toBeVisible();
  await expect(page.getByTestId("usage-documents")).toContainText("0 de 100 documentos este mes");

  await page.getByRole("button", { name: es("billing.changePlan") }).click();
  const checkout = page.getByRole("dialog", { name: es("billing.checkout") });
  await expect(checkout.getByTestId("plan-standard")).toContainText(es("billing.planNames.standard"));
  await expect(checkout.getByTestId("plan-premium")).toContainText(es("billing.features.rules"));
  await checkout
    .getByTestId("plan-standard")
    .getByRole("button", { name: es("billing.planButtons.selectPlan") })
    .click();
  await expect(checkout.getByRole("textbox", { name: es("billing.promotionCode") })).toHaveAttribute("placeholder", "CÓDIGO");
  // The billing address's country, named as the server named it.
  await expect(page.getByText("España").first()).toBeVisible();
  expect(errors.filter((error) => /hydrat|did not match/i.test(error))).toEqual([]);
});

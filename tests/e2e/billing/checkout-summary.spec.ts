import { expect, test, type Page } from "@playwright/test";
import { messages } from "../fixtures/messages";
import { acceptTermsThroughApi, createVerifiedUser, csrfToken, signInThroughApi, waitForHydration } from "../fixtures/users";

const en = messages("en");
const year = new Date().getFullYear() + 3;
const euros = (amount: number) => new Intl.NumberFormat("en", { style: "currency", currency: "EUR" }).format(amount);
const text = (key: string, values: Record<string, string>) =>
  Object.entries(values).reduce((message, [name, value]) => message.replace(`{${name}}`, value), en(key));

/** A workspace with a Spanish company's billing details and the 4242 card, set up through the API as the screens would. */
async function billedWorkspace(page: Page, request: Parameters<typeof createVerifiedUser>[0], name: string) {
  const user = await createVerifiedUser(request, name);
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
}

/**
 * Checkout's order summary and the invoices after a purchase (issue 39, items 12, 14 and 13): the
 * purchase's invoice shows in the Invoices card without a reload; a year-to-month switch shows the
 * credit and charge lines with their period, the credit kept in the balance and nothing due now;
 * on a 390 px phone the summary's total and 'Confirm and pay' are reachable.
 */
test("a purchase's invoice shows without a reload, and a switch to the month shows its credit and charge lines", async ({
  page,
  request,
}) => {
  await billedWorkspace(page, request, "summary");
  await page.goto("/settings/ws/billing");
  await waitForHydration(page);
  const invoices = page.getByRole("region", { name: en("billing.invoices.title") });
  await expect(invoices.getByText(en("billing.invoices.empty"))).toBeVisible();
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  await page.getByRole("button", { name: en("billing.changePlan") }).click();
  const checkout = page.getByRole("dialog", { name: en("billing.checkout") });
  await checkout
    .getByTestId("plan-standard")
    .getByRole("button", { name: en("billing.planButtons.selectPlan") })
    .click();
  const summary = checkout.getByTestId("order-summary");
  await expect(summary.getByTestId("order-summary-line")).toHaveCount(1);
  await expect(summary.getByTestId("order-summary-line")).toContainText("Standard");
  await expect(summary.getByTestId("order-summary-totalDueNow")).toContainText(euros(350.9));
  await checkout.getByRole("button", { name: en("billing.confirmAndPay") }).click();
  await expect(checkout).toBeHidden();

  // The Invoices card reads its list again with the screen's data: the same document, no reload.
  await expect(invoices.getByTestId("invoice-row")).toHaveCount(1);
  await expect(invoices.getByTestId("invoice-row")).toContainText(euros(350.9));
  await expect(invoices.getByText(en("billing.invoices.empty"))).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument ?? false)).toBe(true);

  // Year → month: the unused year is credited, the month charged; the credit left over is kept.
  await page.getByRole("button", { name: en("billing.changePlan") }).click();
  await checkout.getByRole("radio", { name: en("billing.monthly") }).click();
  await checkout
    .getByTestId("plan-standard")
    .getByRole("button", { name: en("billing.planButtons.selectNewBillingPeriod") })
    .click();
  const lines = summary.getByTestId("order-summary-line");
  await expect(lines).toHaveCount(2);
  const today = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" }).format(new Date());
  await expect(lines.nth(0)).toContainText(text("billing.lineUnusedTime", { plan: "Standard", date: today }));
  await expect(lines.nth(1)).toContainText(text("billing.lineRemainingTime", { plan: "Standard", date: today }));
  await expect(lines.nth(1)).toContainText(euros(29));
  await expect(summary.getByTestId("order-summary-creditToBalance")).toBeVisible();
  await expect(summary.getByTestId("order-summary-totalDueNow")).toContainText(euros(0));

  // The rows add up: lines = subtotal, subtotal + tax + the credit kept = total due now.
  const cents = async (locator: ReturnType<Page["locator"]>) =>
    Math.round(Number((await locator.locator("dd").innerText()).replace(/[^0-9.-]/g, "")) * 100);
  const lineCents = [await cents(lines.nth(0)), await cents(lines.nth(1))];
  const subtotal = await cents(summary.getByTestId("order-summary-subtotal"));
  expect(lineCents[0]).toBeLessThan(0);
  expect(lineCents[0] + lineCents[1]).toBe(subtotal);
  const credit = await cents(summary.getByTestId("order-summary-creditToBalance"));
  const tax = await cents(summary.getByTestId("order-summary-tax"));
  expect(subtotal + tax + credit).toBe(await cents(summary.getByTestId("order-summary-totalDueNow")));
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("checkout's order summary total and 'Confirm and pay' are reachable at 390 × 844", async ({ page, request }) => {
    await billedWorkspace(page, request, "phone");
    await page.goto("/settings/ws/billing?checkout=premium&period=year");
    const checkout = page.getByRole("dialog", { name: en("billing.checkout") });
    const total = checkout.getByTestId("order-summary-totalDueNow");
    await expect(total).toContainText(euros(955.9));
    const confirm = checkout.getByRole("button", { name: en("billing.confirmAndPay") });
    await confirm.scrollIntoViewIfNeeded();
    await expect(confirm).toBeVisible();
    await expect(confirm).toBeInViewport();
    // The row is a dt/dd pair (display: contents): its amount is what shows.
    const totalAmount = total.locator("dd");
    await totalAmount.scrollIntoViewIfNeeded();
    await expect(totalAmount).toBeInViewport();
    // Nothing wider than the phone: the dialog does not scroll sideways, its content fits it.
    const { scrollWidth, clientWidth } = await checkout.evaluate((dialog) => ({
      scrollWidth: dialog.scrollWidth,
      clientWidth: dialog.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    const box = await confirm.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await confirm.click();
    await expect(checkout).toBeHidden();
    await expect(page.getByTestId("current-plan")).toContainText("Premium");
  });
});

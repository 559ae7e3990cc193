import { expect, type Page } from "@playwright/test";
import { test } from "@playwright/test";
import { makeDocx } from "../../fixtures/docx";
import { fillBillingDetails, paymentMethodsCard, typeCard } from "../fixtures/billing";
import { messages } from "../fixtures/messages";
import { acceptTermsThroughApi, createVerifiedUser, signInThroughApi } from "../fixtures/users";

const en = messages("en");
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** Uploads two Word documents at once from /docs: the import, a Standard feature. */
async function importTwo(page: Page) {
  await page.goto("/docs");
  await page.getByRole("button", { name: en("documents.upload") }).click();
  const upload = page.getByRole("dialog", { name: en("documents.uploadTitle") });
  await upload.getByLabel(en("documents.files")).setInputFiles([
    { name: "Import one.docx", mimeType: DOCX, buffer: Buffer.from(makeDocx(["First imported contract"])) },
    { name: "Import two.docx", mimeType: DOCX, buffer: Buffer.from(makeDocx(["Second imported contract"])) },
  ]);
  await upload.getByRole("button", { name: en("documents.uploadButton") }).click();
}

/** The checkout steps' current one. */
const currentStep = (page: Page) => page.getByRole("list", { name: en("billing.checkoutSteps") }).locator('[aria-current="step"]');

/**
 * Checkout opened with a preselected plan and period: from the Billing screen's plan buttons, from
 * the address, and from the upgrade prompt of a feature the plan lacks (the multiple-document
 * import), which ends with the feature unlocked. Offline provider.
 */
test("checkout opens preselected from the plan buttons, the address and the upgrade prompt, and the feature unlocks", async ({
  page,
  request,
}) => {
  const user = await createVerifiedUser(request, "upgrade-checkout");
  await signInThroughApi(page, user.email, user.password);
  await acceptTermsThroughApi(page);

  // A plan button of the Billing screen: checkout on the payment step of Standard, yearly.
  await page.goto("/settings/ws/billing");
  const plans = page.getByRole("region", { name: en("billing.plan"), exact: true });
  await plans
    .getByRole("listitem")
    .filter({ hasText: "Standard" })
    .getByRole("link", { name: en("billing.planButtons.selectPlan") })
    .click();
  await expect(page).toHaveURL(/\/settings\/ws\/billing\?checkout=standard&period=year$/);
  const checkout = page.getByRole("dialog", { name: en("billing.checkout") });
  await expect(checkout).toBeVisible();
  await expect(currentStep(page)).toContainText(en("billing.stepPayment"));
  await expect(checkout.getByRole("region", { name: en("billing.orderSummary") })).toContainText("Standard");
  // The unused 'Addons' label is not a step (spec section 2).
  await expect(checkout.getByText(en("billing.stepAddons"))).toHaveCount(0);
  // Closing it drops the choice from the address.
  await checkout.getByRole("button", { name: en("common.close") }).click();
  await expect(checkout).toBeHidden();
  await expect(page).toHaveURL(/\/settings\/ws\/billing$/);

  // The address with a monthly period: the plan picker (a passed step) shows month and the plan selected.
  await page.goto("/settings/ws/billing?checkout=premium&period=month");
  await expect(checkout).toBeVisible();
  await expect(currentStep(page)).toContainText(en("billing.stepPayment"));
  await checkout.getByRole("button", { name: new RegExp(en("billing.stepSelectPlan")) }).click();
  await expect(checkout.getByRole("radio", { name: en("billing.monthly") })).toHaveAttribute("aria-checked", "true");
  await expect(checkout.getByTestId("plan-premium").getByRole("button")).toHaveText(en("billing.planButtons.planSelected"));
  await checkout.getByRole("button", { name: en("common.close") }).click();
  await expect(checkout).toBeHidden();

  // The import is not in the free plan: the upgrade prompt offers Standard, the cheapest plan with it.
  await importTwo(page);
  const prompt = page.getByRole("dialog", { name: en("upgrade.title") });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText(en("upgrade.includedIn").replace("{plan}", "Standard"));
  await prompt.getByRole("link", { name: en("upgrade.button") }).click();

  // Checkout, preselected: Standard yearly, on the payment step.
  await expect(page).toHaveURL(/\/settings\/ws\/billing\?checkout=standard$/);
  await expect(checkout).toBeVisible();
  await expect(currentStep(page)).toContainText(en("billing.stepPayment"));
  await fillBillingDetails(checkout);
  const cards = paymentMethodsCard(checkout);
  await typeCard(cards, "4242424242424242");
  await expect(cards.getByRole("listitem")).toHaveCount(1);
  // 290 € a year + 21 % IVA.
  await expect(checkout.getByTestId("order-summary")).toContainText("€350.90");
  await checkout.getByRole("button", { name: en("billing.confirmAndPay") }).click();
  await expect(checkout).toBeHidden();
  await expect(page).toHaveURL(/\/settings\/ws\/billing$/);
  await expect(page.getByTestId("current-plan")).toContainText("Standard");

  // The feature is unlocked at once: the same import goes through.
  await importTwo(page);
  await expect(page.getByRole("dialog", { name: en("documents.uploadTitle") })).toBeHidden();
  await expect(page.getByText("Import one").first()).toBeVisible();
  await expect(page.getByText("Import two").first()).toBeVisible();
  await expect(page.getByRole("dialog", { name: en("upgrade.title") })).toBeHidden();
});

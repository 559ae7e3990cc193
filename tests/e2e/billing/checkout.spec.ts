import { expect, test } from "@playwright/test";
import { fillBillingDetails, paymentMethodsCard, typeCard } from "../fixtures/billing";
import { messages } from "../fixtures/messages";
import { acceptTermsThroughApi, createVerifiedUser, signInThroughApi } from "../fixtures/users";

const en = messages("en");

/**
 * Checkout with the offline provider: billing details and a card, Standard yearly with a valid
 * promotion code (an invalid one first), the order summary with Spanish tax, 'Confirm and pay',
 * and the plan's features unlock at once (the menu's starred entries are not built yet: the brand
 * colour, a Standard capability, stands for them).
 */
test("an administrator checks out Standard yearly with a promotion code and the plan's features unlock at once", async ({
  page,
  request,
}) => {
  const user = await createVerifiedUser(request, "checkout");
  await signInThroughApi(page, user.email, user.password);
  await acceptTermsThroughApi(page);
  await page.goto("/settings/ws/appearance");
  await expect(page.getByText(en("workspace.brandingNotInPlan"))).toBeVisible();
  await page.goto("/settings/ws/billing");

  await fillBillingDetails(page);
  const cards = paymentMethodsCard(page);
  await typeCard(cards, "4242424242424242");
  await expect(cards.getByRole("listitem")).toHaveCount(1);

  await page.getByRole("button", { name: en("billing.changePlan") }).click();
  const checkout = page.getByRole("dialog", { name: en("billing.checkout") });
  // Year is the default period; the yearly price shows its saving.
  await expect(checkout.getByRole("radio", { name: en("billing.yearly") })).toHaveAttribute("aria-checked", "true");
  const standard = checkout.getByTestId("plan-standard");
  await expect(standard).toContainText("€58.00");
  await expect(checkout.getByTestId("plan-free").getByRole("button")).toHaveText(en("billing.planButtons.currentPlan"));
  await standard.getByRole("button", { name: en("billing.planButtons.selectPlan") }).click();

  const summary = checkout.getByTestId("order-summary");
  await expect(summary).toContainText("€290.00");
  await expect(summary).toContainText("IVA 21 %");
  await expect(summary).toContainText("€350.90");

  const codeInput = checkout.getByLabel(en("billing.promotionCode"));
  await codeInput.fill("NOT-A-CODE");
  await checkout.getByRole("button", { name: en("billing.applyCode") }).click();
  await expect(checkout.getByText(en("billing.invalidCode"))).toBeVisible();
  await expect(codeInput).toHaveValue("");
  await codeInput.fill("WELCOME20");
  await checkout.getByRole("button", { name: en("billing.applyCode") }).click();
  // 290 − 20 % = 232, + 21 % = 280.72
  await expect(summary).toContainText("€280.72");

  await checkout.getByRole("button", { name: en("billing.confirmAndPay") }).click();
  await expect(checkout).toBeHidden();
  await expect(page.getByTestId("current-plan")).toContainText("Standard");
  await page.goto("/settings/ws/appearance");
  await expect(page.getByRole("textbox", { name: en("workspace.primaryColor") }).first()).toBeVisible();
  await expect(page.getByText(en("workspace.brandingNotInPlan"))).toHaveCount(0);
});

import { expect, test } from "@playwright/test";
import { billingDetailsCard, cardExpiry, fillBillingDetails, paymentMethodsCard, typeCard } from "../fixtures/billing";
import { messages } from "../fixtures/messages";
import { acceptTermsThroughApi, createVerifiedUser, signInThroughApi } from "../fixtures/users";

const en = messages("en");

/**
 * Workspace settings → Billing with the offline provider (no Stripe key): the billing details
 * form opening by itself, the blurred 4242 sample, declined cards' messages by their codes, a card
 * needing confirmation, deleting a second card, and the last card without a menu.
 */
test("an administrator fills in the billing details and adds cards with the offline card field", async ({ page, request }) => {
  const user = await createVerifiedUser(request, "billing");
  await signInThroughApi(page, user.email, user.password);
  await acceptTermsThroughApi(page);
  await page.goto("/settings/ws/billing");

  // No billing data yet: the form is open, without Cancel.
  const details = billingDetailsCard(page);
  await expect(details.getByRole("button", { name: en("billing.update") })).toBeDisabled();
  await expect(details.getByRole("button", { name: en("billing.cancel") })).toHaveCount(0);
  await fillBillingDetails(page);
  await expect(details).toContainText("Spain");

  // No card yet: the blurred sample and the form.
  const cards = paymentMethodsCard(page);
  await expect(cards.getByRole("button", { name: en("billing.addPaymentMethod") })).toBeVisible();
  const add = cards.getByRole("button", { name: en("billing.add"), exact: true });
  await expect(add).toBeDisabled();

  // Declined cards: the message by decline code, else by error code (spec section 8).
  await typeCard(cards, "4000000000009995");
  await expect(cards.getByRole("alert")).toHaveText(en("billing.cardErrors.insufficient_funds"));
  await typeCard(cards, "4000000000000002");
  await expect(cards.getByRole("alert")).toHaveText(en("billing.cardErrors.generic_decline"));
  await typeCard(cards, "4000000000000069");
  await expect(cards.getByRole("alert")).toHaveText(en("billing.cardErrors.expired_card"));
  await expect(cards.getByRole("listitem")).toHaveCount(0);

  await typeCard(cards, "4242424242424242");
  const rows = cards.getByRole("listitem");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Ending with 4242");
  await expect(rows.first()).toContainText(en("billing.default"));
  // One card: no menu, so the last card cannot be deleted.
  await expect(rows.first().getByRole("button")).toHaveCount(0);

  // A card that needs the holder's confirmation.
  await cards.getByRole("button", { name: en("billing.addNewPaymentMethod") }).click();
  await typeCard(cards, "4000002500003155", cardExpiry(11));
  await expect(cards.getByTestId("confirm-card")).toContainText("3155");
  await cards.getByRole("button", { name: en("billing.confirmCard") }).click();
  await expect(rows).toHaveCount(2);
  await expect(cards).toContainText("Ending with 3155");
  // With two cards each has its menu; the default card's has no 'Default method'.
  await expect(rows.nth(1).getByRole("button")).toHaveCount(1);

  // The second card can be deleted; then the last one has no menu again.
  await rows.nth(1).getByRole("button").click();
  await page.getByRole("menuitem", { name: en("billing.delete") }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Ending with 4242");
  await expect(rows.first().getByRole("button")).toHaveCount(0);
});

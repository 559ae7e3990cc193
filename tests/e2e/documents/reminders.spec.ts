import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signInFresh } from "../fixtures/fresh-user";
import { messages } from "../fixtures/messages";
import { uploadDocument } from "../fixtures/upload-document";

const en = messages("en");

test("an owner adds, changes and deletes a reminder from the document's Reminders tab", async ({ page, request }) => {
  await signInFresh(page, request, "reminders");
  await uploadDocument(page, "Reminded lease.docx", "A lease with a renewal date");

  await page.getByRole("tab", { name: en("documents.tabs.reminders") }).click();
  const panel = page.getByRole("tabpanel");
  await expect(panel.getByText(en("reminders.empty"))).toBeVisible();
  await panel.getByRole("button", { name: en("reminders.add") }).click();
  const form = panel.getByRole("form", { name: en("reminders.add") });
  await form.getByLabel(en("reminders.name")).fill("Renewal notice");
  await form.getByLabel(en("reminders.description")).fill("Tell the landlord before the end of the month.");
  const contact = form.getByRole("group", { name: en("reminders.contacts") });
  await contact.getByLabel(en("reminders.contactName")).fill("Lia Landlord");
  await contact.getByLabel(en("reminders.contactEmail")).fill("lia-landlord@example.com");
  const violations = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(violations.map((v) => v.id)).toEqual([]);
  await form.getByRole("button", { name: en("reminders.save") }).click();

  const row = panel.getByTestId("reminder-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Renewal notice");
  await expect(row).toContainText("Lia Landlord <lia-landlord@example.com>");
  await expect(row).toContainText(en("reminders.status.pending"));

  await row.getByRole("button", { name: en("reminders.edit") }).click();
  await panel
    .getByRole("form", { name: en("reminders.add") })
    .getByLabel(en("reminders.name"))
    .fill("Renewal notice (final)");
  await panel.getByRole("button", { name: en("reminders.save") }).click();
  await expect(row).toContainText("Renewal notice (final)");

  await row.getByRole("button", { name: en("reminders.delete") }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: en("reminders.delete") })
    .click();
  await expect(panel.getByTestId("reminder-row")).toHaveCount(0);
  await expect(panel.getByText(en("reminders.empty"))).toBeVisible();
});

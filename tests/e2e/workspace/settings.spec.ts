import { expect, test } from "@playwright/test";
import { messages } from "../fixtures/messages";
import { createVerifiedUser, signIn } from "../fixtures/users";

const en = messages("en");

test("an administrator renames the workspace and the layout shows the new name; a bad colour is refused", async ({ page, request }) => {
  const admin = await createVerifiedUser(request, "ws-settings");
  await signIn(page, admin.email, admin.password);
  await page.getByRole("dialog").getByRole("button", { name: en("tos.accept") }).click();

  await page.goto("/settings/ws");
  await page.waitForURL((url) => url.pathname === "/settings/ws/settings");
  const name = `Renamed ${Date.now()}`;
  await page.getByRole("textbox", { name: en("workspace.name") }).fill(name);
  await page.getByRole("checkbox", { name: en("workspace.repositoryViewAllDocs") }).check();
  await page.getByRole("button", { name: en("workspace.save") }).click();
  await expect(page.getByText(en("alerts.saved")).first()).toBeVisible();
  await expect(page.getByRole("navigation", { name: en("nav.mainNavigation") })).toContainText(name);
  await page.reload();
  await expect(page.getByRole("checkbox", { name: en("workspace.repositoryViewAllDocs") })).toBeChecked();

  await page.goto("/settings/ws/appearance");
  await expect(page.getByText(en("workspace.brandingNotInPlan"))).toBeVisible();
  await page.getByRole("textbox", { name: en("workspace.primaryColor") }).fill("violetish");
  await expect(page.getByText(en("workspace.colorInvalid"))).toBeVisible();
  await expect(page.getByRole("button", { name: en("workspace.save") })).toBeDisabled();
});

test("profile: a phone without a country code is refused, a valid one is saved", async ({ page, request }) => {
  const user = await createVerifiedUser(request, "profile");
  await signIn(page, user.email, user.password);
  await page.getByRole("dialog").getByRole("button", { name: en("tos.accept") }).click();
  await page.goto("/settings");
  await page.waitForURL((url) => url.pathname === "/settings/profile");
  const phone = page.getByRole("textbox", { name: en("profile.phone") });
  await phone.fill("600 123 456");
  await expect(page.getByText(en("profile.phoneInvalid"))).toBeVisible();
  await phone.fill("+34 600 123 456");
  await page.getByRole("button", { name: en("profile.save") }).click();
  await expect(page.getByText(en("alerts.saved")).first()).toBeVisible();
  await page.reload();
  await expect(phone).toHaveValue("+34600123456");
});

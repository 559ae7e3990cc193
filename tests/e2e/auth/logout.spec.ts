import { expect, test } from "@playwright/test";
import { DEMO_USER, sessionEmail, signIn } from "../fixtures/users";

test("signing out from the user menu ends the session", async ({ page }) => {
  await signIn(page, DEMO_USER.email, DEMO_USER.password);
  await expect(page.getByRole("heading", { name: `Welcome, ${DEMO_USER.firstName}` })).toBeVisible();

  await page.getByRole("button", { name: "User menu" }).click();
  const menu = page.getByRole("menu");
  await expect(menu).toContainText(DEMO_USER.email);
  await menu.getByRole("menuitem", { name: "Sign out" }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Sign in to your workspace" })).toBeVisible();
  expect(await sessionEmail(page)).toBeNull();

  await page.goto("/");
  await expect(page).toHaveURL("/login?redirect=%2F");
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
});

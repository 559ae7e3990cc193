import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_USER, signIn } from "../fixtures/users";

/** Serious and critical axe violations on the current page, in a readable form. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}

test("the sign-in screen has no serious accessibility violations", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in to your workspace" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the sign-up screen has no serious accessibility violations", async ({ page }) => {
  await page.goto("/signup");
  await expect(page.getByRole("heading", { name: "Create your workspace" })).toBeVisible();
  // With the strength meter shown too.
  await page.getByRole("textbox", { name: "Password", exact: true }).fill("weak");
  await expect(page.getByTestId("password-strength")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the signed-in home has no serious accessibility violations", async ({ page }) => {
  await signIn(page, DEMO_USER.email, DEMO_USER.password);
  await expect(page.getByRole("heading", { name: `Welcome, ${DEMO_USER.firstName}` })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the settings screens have no serious accessibility violations", async ({ page }) => {
  await signIn(page, DEMO_USER.email, DEMO_USER.password);
  for (const path of ["/settings/profile", "/settings/security", "/settings/preferences", "/settings/ws/settings", "/settings/ws/users", "/settings/ws/appearance", "/settings/ws/categories", "/settings/ws/tags"]) {
    await page.goto(path);
    await expect(page.locator("main h1, main h2").first()).toBeVisible();
    expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
  }
});

test("the side navigation, user menu and modals work with the keyboard", async ({ page }) => {
  await signIn(page, DEMO_USER.email, DEMO_USER.password);
  await page.goto("/settings/ws/users");
  // The user menu opens from the keyboard and closes with Escape.
  await page.getByRole("button", { name: "User menu" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  // A generic modal takes focus and closes with Escape.
  await page.getByRole("button", { name: "Remove" }).first().focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(":focus")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // The side navigation is reachable by tabbing.
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Dashboard" }).focus();
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.pathname === "/");
});

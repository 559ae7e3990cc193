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

import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createVerifiedUser, DEMO_USER, signIn, signInThroughApi } from "../fixtures/users";

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
  await signInThroughApi(page, DEMO_USER.email, DEMO_USER.password);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: `Welcome, ${DEMO_USER.firstName}` })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the settings screens have no serious accessibility violations", async ({ page }) => {
  // Eleven screens, each scanned by axe: longer than one screen's 60 s on a loaded machine.
  test.setTimeout(180_000);
  await signInThroughApi(page, DEMO_USER.email, DEMO_USER.password);
  for (const path of [
    "/settings/profile",
    "/settings/security",
    "/settings/preferences",
    "/settings/ws/settings",
    "/settings/ws/users",
    "/settings/ws/roles",
    "/settings/ws/appearance",
    "/settings/ws/categories",
    "/settings/ws/tags",
    "/settings/ws/integrations",
    "/settings/ws/datastore",
  ]) {
    await page.goto(path);
    await expect(page.locator("main h1, main h2").first()).toBeVisible();
    expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
  }
});

test("the side navigation, user menu and modals work with the keyboard", async ({ page }) => {
  await signInThroughApi(page, DEMO_USER.email, DEMO_USER.password);
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

/** The accessible name of the focused element and whether it sits in the main navigation. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      text: element?.textContent?.trim() ?? "",
      tag: element?.tagName.toLowerCase() ?? "",
      inNav: Boolean(element?.closest('nav[aria-label="Main navigation"]')),
    };
  });

test("the side navigation is reached and walked with Tab, in menu order", async ({ page }) => {
  await signInThroughApi(page, DEMO_USER.email, DEMO_USER.password);
  await page.goto("/settings/ws/users");
  await expect(page.locator("main h1, main h2").first()).toBeVisible();
  // From the top of the document, Tab until the first entry of the side navigation.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  let reached = false;
  for (let i = 0; i < 40 && !reached; i++) {
    await page.keyboard.press("Tab");
    const now = await focused(page);
    reached = now.inNav && now.tag === "a" && now.text === "Dashboard";
  }
  expect(reached).toBe(true);
  // The next entries follow in the order of spec "Layout".
  await page.keyboard.press("Tab");
  expect(await focused(page)).toMatchObject({ inNav: true, text: "Repository" });
  await page.keyboard.press("Tab");
  expect(await focused(page)).toMatchObject({ inNav: true, text: "Templates" });
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.pathname === "/templates");
  await expect(page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Templates" })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("a generic modal closes with its close button and a click outside, and gives focus back", async ({ page }) => {
  await signInThroughApi(page, DEMO_USER.email, DEMO_USER.password);
  await page.goto("/settings/ws/users");
  const trigger = page.getByRole("button", { name: "Remove" }).first();
  const dialog = page.getByRole("dialog");

  // Opened from the keyboard, closed with ✕: focus returns to the trigger.
  await trigger.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(":focus")).toHaveCount(1);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  // Closed by a click on the backdrop, outside the panel.
  await trigger.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  // And by Escape.
  await trigger.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
});

test("the terms modal cannot be dismissed: no close button, Escape and a click outside leave it open", async ({ page, request }) => {
  // A new user has not accepted the terms yet.
  const user = await createVerifiedUser(request, "a11y-terms");
  await signIn(page, user.email, user.password);
  const terms = page.getByRole("dialog", { name: "Terms of service" });
  await expect(terms).toBeVisible();
  await expect(terms.getByRole("button", { name: "Close" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");
  await expect(terms).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(terms).toBeVisible();
  // Accept is reachable from the keyboard and closes it.
  await terms.getByRole("button", { name: "Accept" }).focus();
  await page.keyboard.press("Enter");
  await expect(terms).toBeHidden();
});

test("the repository, templates and document screens have no serious accessibility violations", async ({ page }) => {
  // Two lists and seven tabs, each scanned by axe.
  test.setTimeout(180_000);
  await signInThroughApi(page, DEMO_USER.email, DEMO_USER.password);
  for (const path of ["/docs", "/templates"]) {
    await page.goto(path);
    await expect(page.getByRole("tree")).toBeVisible();
    expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
  }
  await page.goto("/docs");
  await page.getByTestId("document-row").first().getByRole("link").first().click();
  await page.waitForURL(/\/d\/[^/]+\/view$/);
  for (const tab of ["Document", "Details", "Fields", "Versions", "Activity", "Attachments", "Reminders"]) {
    await page.getByRole("tab", { name: tab, exact: true }).click();
    await expect(page.getByRole("tabpanel")).toBeVisible();
    expect({ tab, violations: await seriousViolations(page) }).toEqual({ tab, violations: [] });
  }
});

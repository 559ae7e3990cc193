import { expect, test } from "@playwright/test";
import { DEMO_USER, signIn } from "../fixtures/users";

// The app's links (components/ui/link.tsx) navigate inside the loaded page, as next/link did; a
// click with a modifier is left to the browser.
test("the side menu moves between screens without reloading the page, and a Ctrl-click opens a new tab", async ({ page, context }) => {
  await signIn(page, DEMO_USER.email, DEMO_USER.password);
  await page.goto("/docs");
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  await expect(nav.getByRole("link", { name: "Repository" })).toHaveAttribute("aria-current", "page");
  // A mark on the loaded page: a full load would drop it.
  await page.evaluate(() => ((window as unknown as { loadedOnce: boolean }).loadedOnce = true));

  await nav.getByRole("link", { name: "Templates" }).click();
  await page.waitForURL((url) => url.pathname === "/templates");
  await expect(nav.getByRole("link", { name: "Templates" })).toHaveAttribute("aria-current", "page");
  expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);

  // Back returns to the repository, still in the same page.
  await page.goBack();
  await page.waitForURL((url) => url.pathname === "/docs");
  await expect(nav.getByRole("link", { name: "Repository" })).toHaveAttribute("aria-current", "page");
  expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);

  const [tab] = await Promise.all([
    context.waitForEvent("page"),
    nav.getByRole("link", { name: "Templates" }).click({ modifiers: ["ControlOrMeta"] }),
  ]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe("/templates");
  expect(new URL(page.url()).pathname).toBe("/docs");
});

// A list's rows hold plain links that their table opens inside the app (useInAppLinks).
test("a document's name in the list opens it without reloading the page, and a Ctrl-click opens a new tab", async ({ page, context }) => {
  await signIn(page, DEMO_USER.email, DEMO_USER.password);
  await page.goto("/docs");
  const firstRow = page.getByTestId("document-row").first();
  const name = firstRow.getByRole("link").first();
  const href = await name.getAttribute("href");
  expect(href).toMatch(/^\/d\/[^/]+\/view$/);
  await page.evaluate(() => ((window as unknown as { loadedOnce: boolean }).loadedOnce = true));

  const [tab] = await Promise.all([context.waitForEvent("page"), name.click({ modifiers: ["ControlOrMeta"] })]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe(href);
  expect(new URL(page.url()).pathname).toBe("/docs");

  await name.click();
  await page.waitForURL((url) => url.pathname === href);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
});

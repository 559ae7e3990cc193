import { expect, test } from "@playwright/test";
import { messages } from "../fixtures/messages";

const en = messages("en");
const es = messages("es");
const ca = messages("ca");

test("the sign-in screen switches language", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: en("auth.login.title") })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  const language = (label: string) => page.getByRole("combobox", { name: label, exact: true });
  await expect(language(en("common.language"))).toHaveValue("en");
  await expect(language(en("common.language")).locator("option")).toHaveText([
    "English",
    "Español",
    "Català",
    "Português",
    "Português (Brasil)",
  ]);

  await language(en("common.language")).selectOption({ label: "Español" });
  await expect(page.getByRole("heading", { name: es("auth.login.title") })).toBeVisible();
  await expect(page.getByRole("button", { name: es("auth.login.submit"), exact: true })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(language(es("common.language"))).toHaveValue("es");

  await language(es("common.language")).selectOption({ label: "Català" });
  await expect(page.getByRole("heading", { name: ca("auth.login.title") })).toBeVisible();
  await expect(page.getByRole("button", { name: ca("auth.login.submit"), exact: true })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "ca");

  // The choice is remembered (cookie): a reload and other screens stay in Catalan.
  await page.reload();
  await expect(page.getByRole("heading", { name: ca("auth.login.title") })).toBeVisible();
  await page.goto("/signup");
  await expect(page.getByRole("heading", { name: ca("auth.signup.title") })).toBeVisible();
});

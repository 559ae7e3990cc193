import { expect, test } from "@playwright/test";
import { createVerifiedUser, DEMO_USER, fillCredentials, sessionEmail } from "../fixtures/users";

test("a wrong password shows the error and stays on the sign-in screen", async ({ page, request }) => {
  const user = await createVerifiedUser(request, "wrongpw");

  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in to your workspace" })).toBeVisible();
  await fillCredentials(page, user.email, `${user.password}-wrong`);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();

  await expect(page.getByRole("main").getByRole("alert")).toHaveText("The email or password is not correct.");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveValue(user.email);
  expect(await sessionEmail(page)).toBeNull();

  // The right password still works afterwards.
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/");
  expect(await sessionEmail(page)).toBe(user.email);
});

test("a protected address visited signed out is reached after signing in", { tag: "@smoke" }, async ({ page }) => {
  await page.goto("/?view=all");
  await expect(page).toHaveURL("/login?redirect=%2F%3Fview%3Dall");
  await expect(page.getByRole("heading", { name: "Sign in to your workspace" })).toBeVisible();

  await fillCredentials(page, DEMO_USER.email, DEMO_USER.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();

  await expect(page).toHaveURL("/?view=all");
  await expect(page.getByRole("heading", { name: `Welcome, ${DEMO_USER.firstName}` })).toBeVisible();
  await expect(page.getByText(`Workspace: ${DEMO_USER.accountName}`)).toBeVisible();
  expect(await sessionEmail(page)).toBe(DEMO_USER.email);

  // Signed in, the sign-in screen sends the user on instead of showing the form.
  await page.goto("/login");
  await expect(page).toHaveURL("/");
});

test("a user who has not accepted the terms sees the terms dialog on the page they signed in to, not only on home", async ({
  page,
  request,
}) => {
  const user = await createVerifiedUser(request, "tosdocs");

  await page.goto("/docs");
  await expect(page).toHaveURL("/login?redirect=%2Fdocs");
  await fillCredentials(page, user.email, user.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();

  await expect(page).toHaveURL("/docs");
  const dialog = page.getByRole("dialog", { name: "Terms of service" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Hello ${user.firstName},`);
  // Not cancellable: Escape leaves it open.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();

  await dialog.getByRole("button", { name: "Accept" }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page).toHaveURL("/docs");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

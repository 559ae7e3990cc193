import { expect, test } from "@playwright/test";
import { openEmail } from "../fixtures/outbox";
import { createVerifiedUser, sessionEmail } from "../fixtures/users";

test("a sign-in link from the email signs the user in", async ({ page, request }) => {
  const user = await createVerifiedUser(request, "magic");

  await page.goto("/login");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(user.email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText(
    `If an account exists for ${user.email}, a sign-in link is on its way.`,
  );
  expect(await sessionEmail(page)).toBeNull();

  const email = await openEmail(page, user.email, "Your sign-in link");
  const link = email.getByRole("link", { name: "Sign in" });
  const href = (await link.getAttribute("href")) ?? "";
  expect(href).toContain("/vapp/auth/provider/magic/cb?token=");
  await link.click();

  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByRole("heading", { name: `Welcome, ${user.firstName}` })).toBeVisible();
  // A new user still has the terms to accept.
  await expect(page.getByRole("dialog", { name: "Terms of service" })).toContainText(`Hello ${user.firstName},`);
  expect(await sessionEmail(page)).toBe(user.email);

  // The link works once: signed out, using it again goes back to sign-in with the reason.
  await page.context().clearCookies();
  await page.goto(new URL(href).pathname + new URL(href).search);
  await expect(page).toHaveURL(/\/login\?error=TOKEN_USED/);
  await expect(page.getByRole("main").getByRole("alert")).toContainText("This link has already been used.");
});

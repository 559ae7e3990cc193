import { expect, test } from "@playwright/test";
import { openEmail } from "../fixtures/outbox";
import { createVerifiedUser, fillCredentials, sessionEmail, waitForHydration } from "../fixtures/users";

test("forgot password: the emailed link sets a new password", async ({ page, request }) => {
  const user = await createVerifiedUser(request, "reset");
  const newPassword = `New-${Date.now()}-Pass7`;

  await test.step("ask for a reset link", async () => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
    await waitForHydration(page);
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(user.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText(
      `If an account exists for ${user.email}, a reset link is on its way.`,
    );
  });

  let resetUrl = "";
  await test.step("open the email and choose a new password", async () => {
    const email = await openEmail(page, user.email, "Reset your password");
    const link = email.getByRole("link", { name: "Choose a new password" });
    resetUrl = (await link.getAttribute("href")) ?? "";
    expect(resetUrl).toContain("/change-password?token=");
    await link.click();

    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await waitForHydration(page);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(newPassword);
    await page.getByRole("textbox", { name: "Repeat the password", exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Change password" }).click();

    await expect(page).toHaveURL("/login?notice=passwordChanged");
    await expect(page.getByRole("main").getByRole("status")).toHaveText("Your password has been changed. Sign in with the new one.");
  });

  await test.step("the old password no longer works", async () => {
    await fillCredentials(page, user.email, user.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("The email or password is not correct.");
    await expect(page).toHaveURL(/\/login/);
    expect(await sessionEmail(page)).toBeNull();
  });

  await test.step("the new password signs in", async () => {
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByRole("heading", { name: `Welcome, ${user.firstName}` })).toBeVisible();
    expect(await sessionEmail(page)).toBe(user.email);
  });

  await test.step("the reset link works only once", async () => {
    await page.context().clearCookies();
    await page.goto(new URL(resetUrl).pathname + new URL(resetUrl).search);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(`${newPassword}x`);
    await page.getByRole("textbox", { name: "Repeat the password", exact: true }).fill(`${newPassword}x`);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toContainText("This link has already been used.");
    await expect(page).toHaveURL(/\/change-password\?token=/);
  });
});

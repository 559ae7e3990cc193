import { expect, test } from "@playwright/test";
import { openEmail, outboxUrl } from "../fixtures/outbox";
import { fillCredentials, newUser, sessionEmail } from "../fixtures/users";

test("sign up, verify the email, sign in and accept the terms", { tag: "@smoke" }, async ({ page }) => {
  const user = newUser("signup");

  await test.step("sign up", async () => {
    await page.goto("/signup");
    await expect(page.getByRole("heading", { name: "Create your workspace" })).toBeVisible();
    await page.getByRole("textbox", { name: "First name", exact: true }).fill(user.firstName);
    await page.getByRole("textbox", { name: "Last name", exact: true }).fill(user.lastName);
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(user.email);
    await page.getByRole("textbox", { name: "Workspace name", exact: true }).fill(user.accountName);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(user.password);
    await expect(page.getByTestId("password-strength")).toContainText("Password strength");
    await page.getByRole("button", { name: "Create account" }).click();

    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await expect(page.getByText(`We sent a verification link to ${user.email}`)).toBeVisible();
  });

  await test.step("not verified yet: signing in is refused", async () => {
    await page.goto("/login");
    await fillCredentials(page, user.email, user.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("main").getByRole("alert")).toContainText("Verify your email address before signing in");
    await expect(page).toHaveURL(/\/login/);
  });

  await test.step("ask for the verification email again: a second one arrives", async () => {
    await page.getByRole("button", { name: "Send the verification email again" }).click();
    await expect(page.getByText("If this address is waiting for verification, a new link has been sent.")).toBeVisible();
    await expect(async () => {
      const html = await (await page.request.get(outboxUrl(user.email))).text();
      expect(html.split('data-testid="outbox-subject">Verify your email address<').length - 1).toBe(2);
    }).toPass({ timeout: 15_000 });
  });

  let verifyUrl = "";
  await test.step("open the verification email and follow its link", async () => {
    const email = await openEmail(page, user.email, "Verify your email address");
    await expect(email).toContainText(`Welcome, ${user.firstName}`);
    const link = email.getByRole("link", { name: "Verify email" });
    verifyUrl = (await link.getAttribute("href")) ?? "";
    expect(verifyUrl).toContain("/verify-email?token=");
    await link.click();

    await expect(page).toHaveURL(/\/verify-email\?token=/);
    await expect(page.getByText(`Your email ${user.email} is verified.`)).toBeVisible();
  });

  await test.step("the link works only once", async () => {
    await page.goto(new URL(verifyUrl).pathname + new URL(verifyUrl).search);
    await expect(page.getByRole("main").getByRole("alert")).toContainText("This link has already been used.");
  });

  await test.step("continue to sign in", async () => {
    await page.getByRole("link", { name: "Continue to sign in" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await fillCredentials(page, user.email, user.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
  });

  await test.step("the terms dialog greets the user and cannot be dismissed", async () => {
    const dialog = page.getByRole("dialog", { name: "Terms of service" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Hello ${user.firstName},`);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeVisible();
    // Browsers stop honouring a prevented cancel after repeated close requests: try a few.
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeVisible();
    const before = await (await page.request.get("/vapp/users/me")).json();
    expect(before.tos).toBe(false);

    await dialog.getByRole("button", { name: "Accept" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { name: `Welcome, ${user.firstName}` })).toBeVisible();
    await expect(page.getByText(`Workspace: ${user.accountName}`)).toBeVisible();
  });

  await test.step("the acceptance is stored: no dialog after a reload", async () => {
    await page.reload();
    await expect(page.getByRole("heading", { name: `Welcome, ${user.firstName}` })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(await sessionEmail(page)).toBe(user.email);
    const me = await (await page.request.get("/vapp/users/me")).json();
    expect(me.tos).toBe(true);
    expect(me.emailVerified).toBeTruthy();
  });
});

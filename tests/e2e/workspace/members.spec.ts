import { expect, test } from "@playwright/test";
import { messages } from "../fixtures/messages";
import { emailLink } from "../fixtures/outbox";
import {
  acceptTerms,
  acceptTermsThroughApi,
  createVerifiedUser,
  DEMO_USER,
  signIn,
  signInThroughApi,
  uniqueEmail,
  waitForHydration,
} from "../fixtures/users";

const en = messages("en");

test("an administrator invites a colleague, who joins in another browser and sees only what the role permits", async ({
  page,
  browser,
  request,
}) => {
  const invitee = uniqueEmail("invitee");

  // The administrator invites a Guest.
  await signInThroughApi(page, DEMO_USER.email, DEMO_USER.password);
  await page.goto("/settings/ws/users");
  await expect(page.getByRole("heading", { name: en("members.title"), exact: true })).toBeVisible();
  await page.getByRole("textbox", { name: en("members.emails") }).fill(invitee);
  await page.getByRole("combobox", { name: en("members.role"), exact: true }).selectOption({ label: en("roles.Guest") });
  await page.getByRole("button", { name: en("members.send") }).click();
  const row = page.getByTestId("member-row").filter({ hasText: invitee });
  await expect(row).toContainText(en("members.statuses.invited"));

  // The colleague accepts as a new user in a second browser.
  const link = await emailLink(request, invitee, `You have been invited to ${DEMO_USER.accountName}`, "/invite");
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  await colleague.goto(link);
  await expect(colleague.getByRole("heading", { name: `Join ${DEMO_USER.accountName}` })).toBeVisible();
  await colleague.getByRole("textbox", { name: en("auth.firstName") }).fill("Gina");
  await colleague.getByRole("textbox", { name: en("auth.password"), exact: true }).fill("Guest-pass-123");
  await colleague.getByRole("button", { name: en("invite.accept") }).click();
  await colleague.waitForURL((url) => url.pathname === "/");
  await acceptTerms(colleague);
  await expect(colleague.getByText(`Workspace: ${DEMO_USER.accountName}`)).toBeVisible();
  await expect(colleague.getByText(`Your role: ${en("roles.Guest")}`)).toBeVisible();

  // A Guest only views documents (lib/auth/permissions.ts): Dashboard and Repository, no Templates.
  const nav = colleague.getByRole("navigation", { name: en("nav.mainNavigation") });
  await expect(nav.getByRole("link", { name: en("nav.dashboard") })).toBeVisible();
  await expect(nav.getByRole("link", { name: en("nav.repository") })).toBeVisible();
  await expect(nav.getByRole("link", { name: en("nav.templates") })).toHaveCount(0);

  // The link now used explains itself and offers sign-in.
  await colleague.goto(link);
  await expect(colleague.getByRole("heading", { name: en("invite.invalid") })).toBeVisible();
  await expect(colleague.getByText(en("errors.TOKEN_USED"))).toBeVisible();
  await expect(colleague.getByRole("link", { name: en("invite.signIn") })).toHaveAttribute("href", "/login");
  await colleague.goto("/");

  // A Guest has no workspace settings: not in the menu, and the screen says so.
  await colleague.getByRole("button", { name: en("nav.userMenu") }).click();
  await expect(colleague.getByRole("menuitem", { name: en("nav.settings") })).toBeVisible();
  await expect(colleague.getByRole("menuitem", { name: en("nav.workspaceSettings") })).toHaveCount(0);
  await colleague.goto("/settings/ws/users");
  await expect(colleague.getByTestId("not-allowed")).toContainText(en("notAllowed.title"));

  // The administrator sees the colleague active and makes them Administrator...
  await page.reload();
  await expect(row).toContainText(en("members.statuses.active"));
  // Row context menu → Update role (spec "Context menus").
  await row.getByRole("button", { name: en("members.actions").replace(" {name}", "") }).click();
  await page.getByRole("menuitem", { name: en("members.updateRole") }).click();
  const roleDialog = page.getByRole("dialog");
  await roleDialog.getByRole("combobox", { name: en("members.role") }).selectOption({ label: en("roles.Administrator") });
  await roleDialog.getByRole("button", { name: en("common.save") }).click();
  await expect(row.getByTestId("member-role")).toHaveText(en("roles.Administrator"));
  await expect(page.getByText(en("alerts.updated")).first()).toBeVisible();

  // ...which takes effect on the colleague's next request.
  await colleague.reload();
  await expect(colleague.getByRole("heading", { name: en("members.title"), exact: true })).toBeVisible();
  await expect(colleague.getByTestId("not-allowed")).toHaveCount(0);
  await colleagueContext.close();
});

test("an expired or used invitation explains itself and offers sign-in", async ({ page }) => {
  await page.goto("/invite?token=not-a-real-token");
  await expect(page.getByRole("heading", { name: en("invite.invalid") })).toBeVisible();
  await expect(page.getByRole("link", { name: en("invite.signIn") })).toHaveAttribute("href", "/login");
});

test("switching the language to Spanish and then Catalan changes the whole screen", async ({ page, browser, request }) => {
  const user = await createVerifiedUser(request, "lang-home");
  await signInThroughApi(page, user.email, user.password);
  await acceptTermsThroughApi(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: `Welcome, ${user.firstName}` })).toBeVisible();

  for (const [locale, previous] of [
    ["es", "en"],
    ["ca", "es"],
  ] as const) {
    const m = messages(locale);
    // Switched on the home screen: the profile form has a language field of its own.
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("combobox", { name: messages(previous)("common.language") }).selectOption(locale);

    // Home: heading, document language, every entry of the side navigation.
    await expect(page.getByRole("heading", { name: m("home.title").replace("{name}", user.firstName) })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    const nav = page.getByRole("navigation", { name: m("nav.mainNavigation") });
    for (const entry of ["dashboard", "repository", "templates"]) {
      await expect(nav.getByRole("link", { name: m(`nav.${entry}`), exact: true })).toBeVisible();
    }

    // Top bar: the language switcher's own label, the user menu and its entries.
    await expect(page.getByRole("combobox", { name: m("common.language") })).toHaveValue(locale);
    await page.getByRole("button", { name: m("nav.userMenu") }).click();
    const menu = page.getByRole("menu");
    for (const entry of ["settings", "workspaceSettings", "logout"]) {
      await expect(menu.getByRole("menuitem", { name: m(`nav.${entry}`), exact: true })).toBeVisible();
    }

    // A settings screen: heading, section tabs and the save button.
    await menu.getByRole("menuitem", { name: m("nav.settings"), exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/settings/profile");
    await expect(page.getByRole("heading", { level: 1, name: m("settings.title"), exact: true })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: m("settings.tabs") });
    for (const tab of ["profile", "security", "preferences"]) {
      await expect(tabs.getByRole("link", { name: m(`settings.${tab}`), exact: true })).toBeVisible();
    }
    await expect(page.getByRole("button", { name: m("profile.save") })).toBeVisible();

    // The delete-account confirmation asks for the word of this language, in any case.
    await tabs.getByRole("link", { name: m("settings.security"), exact: true }).click();
    await expect(page.getByRole("heading", { name: m("security.deleteTitle") })).toBeVisible();
    const word = m("security.deleteConfirmWord");
    const confirm = page.getByRole("textbox", { name: m("security.deleteConfirmLabel").replace("{word}", word) });
    const deleteButton = page.getByRole("button", { name: m("security.deleteButton") });
    await expect(deleteButton).toBeDisabled();
    await waitForHydration(page);
    await confirm.fill(messages("en")("security.deleteConfirmWord"));
    await expect(deleteButton).toBeDisabled();
    await confirm.fill(word.toLowerCase());
    await expect(deleteButton).toBeEnabled();
    await confirm.fill("");
  }
  // The choice is the user's setting: a new sign-in, from a browser that never chose, is in Catalan.
  const freshContext = await browser.newContext();
  const fresh = await freshContext.newPage();
  await signIn(fresh, user.email, user.password);
  await expect(fresh.getByRole("heading", { name: messages("ca")("home.title").replace("{name}", user.firstName) })).toBeVisible();
  await expect(fresh.locator("html")).toHaveAttribute("lang", "ca");
  await freshContext.close();
});

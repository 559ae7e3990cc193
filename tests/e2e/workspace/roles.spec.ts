import { expect, test, type Page } from "@playwright/test";
import IntlMessageFormat from "intl-messageformat";
import { messages } from "../fixtures/messages";
import { emailLink } from "../fixtures/outbox";
import { acceptTerms, acceptTermsThroughApi, createVerifiedUser, signInThroughApi, uniqueEmail, waitForHydration } from "../fixtures/users";

const en = messages("en");
/** An English text with its ICU arguments (plurals included) filled in. */
const text = (key: string, values: Record<string, string | number>) => String(new IntlMessageFormat(en(key), "en").format(values));
const permission = (name: string) => en(`accountRoles.permissions.${name}`);

/** Invites `email` with the role labelled `roleLabel` from workspace settings → Users. */
async function invite(page: Page, email: string, roleLabel: string) {
  await page.goto("/settings/ws/users");
  await waitForHydration(page);
  await page.getByRole("textbox", { name: en("members.emails") }).fill(email);
  await page.getByRole("combobox", { name: en("members.role"), exact: true }).selectOption({ label: roleLabel });
  await page.getByRole("button", { name: en("members.send") }).click();
  const row = page.getByTestId("member-row").filter({ hasText: email });
  await expect(row).toContainText(en("members.statuses.invited"));
  return row;
}

test("an administrator makes a role, invites a colleague with it, edits it, and cannot delete it while it is held", async ({
  page,
  request,
}) => {
  const admin = await createVerifiedUser(request, "roles-admin");
  await signInThroughApi(page, admin.email, admin.password);
  await acceptTermsThroughApi(page);

  // Workspace settings → Roles, the tab next to Users.
  await page.goto("/settings/ws/users");
  await page
    .getByRole("navigation", { name: en("settings.workspaceTabs") })
    .getByRole("link", { name: en("settings.roles"), exact: true })
    .click();
  await page.waitForURL((url) => url.pathname === "/settings/ws/roles");
  await expect(page.getByRole("heading", { name: en("accountRoles.title"), level: 1 })).toBeVisible();
  await waitForHydration(page);

  // The built-in roles are read-only and show their permissions in words.
  const builtIn = page.getByTestId("builtin-role-row");
  await expect(builtIn).toHaveCount(5);
  const guest = builtIn.filter({ has: page.getByRole("cell", { name: en("roles.Guest"), exact: true }) });
  await expect(guest).toContainText(`${en("accountRoles.groups.documents")}: ${permission("ViewDocuments")}`);
  await expect(guest.getByRole("button")).toHaveCount(0);
  const administrator = builtIn.filter({ has: page.getByRole("cell", { name: en("roles.Administrator"), exact: true }) });
  await expect(administrator).toContainText(permission("ManageMembers"));
  await expect(administrator).toContainText(text("accountRoles.membersCount", { count: 1 }));
  await expect(page.getByText(en("accountRoles.empty"))).toBeVisible();

  // A new role with some permissions; one the administrator does not hold cannot be given.
  const name = `Paralegal ${Date.now()}`;
  await page.getByRole("button", { name: en("accountRoles.add"), exact: true }).click();
  const create = page.getByRole("dialog", { name: en("accountRoles.addTitle"), exact: true });
  await create.getByRole("textbox", { name: en("accountRoles.name") }).fill(name);
  for (const granted of ["ViewDocuments", "ManageDocuments", "ViewTemplates"]) {
    await create.getByRole("checkbox", { name: permission(granted), exact: true }).check();
  }
  await expect(create.getByRole("checkbox", { name: permission("ProvideSupport"), exact: true })).toBeDisabled();
  await create.getByRole("button", { name: en("accountRoles.save") }).click();
  await expect(create).toBeHidden();
  await expect(page.getByText(en("alerts.added")).first()).toBeVisible();
  const row = page.getByTestId("role-row").filter({ hasText: name });
  await expect(row).toContainText(
    `${en("accountRoles.groups.documents")}: ${permission("ViewDocuments")}, ${permission("ManageDocuments")}, ${permission("ViewTemplates")}`,
  );
  await expect(row.getByTestId("role-members")).toHaveText(text("accountRoles.membersCount", { count: 0 }));

  // The invite form lists it: a colleague is invited with it.
  const colleague = uniqueEmail("role-holder");
  const memberRow = await invite(page, colleague, name);
  await expect(memberRow.getByTestId("member-role")).toHaveText(name);

  // Back on Roles the role is held once. Edited from its context menu, with the keyboard.
  await page.goto("/settings/ws/roles");
  await waitForHydration(page);
  await expect(row.getByTestId("role-members")).toHaveText(text("accountRoles.membersCount", { count: 1 }));
  await row.getByRole("button", { name: en("accountRoles.actions").replace("{name}", name) }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: en("accountRoles.edit") })).toBeFocused();
  await page.keyboard.press("Enter");
  const edit = page.getByRole("dialog", { name: en("accountRoles.editTitle").replace("{name}", name) });
  await expect(edit.getByRole("textbox", { name: en("accountRoles.name") })).toHaveValue(name);
  await expect(edit.getByRole("checkbox", { name: permission("ManageDocuments"), exact: true })).toBeChecked();
  const renamed = `${name} senior`;
  await edit.getByRole("textbox", { name: en("accountRoles.name") }).fill(renamed);
  await edit.getByRole("checkbox", { name: permission("ManageDocuments"), exact: true }).uncheck();
  await edit.getByRole("checkbox", { name: permission("ViewContacts"), exact: true }).check();
  await edit.getByRole("button", { name: en("accountRoles.save") }).click();
  await expect(edit).toBeHidden();
  const edited = page.getByTestId("role-row").filter({ hasText: renamed });
  await expect(edited).toContainText(`${en("accountRoles.groups.profiles")}: ${permission("ViewContacts")}`);
  await expect(edited).not.toContainText(permission("ManageDocuments"));

  // Held by the invitation, it is not deleted: the alert says why and where to go.
  await edited.getByRole("button", { name: en("accountRoles.actions").replace("{name}", renamed) }).click();
  await page.getByRole("menuitem", { name: en("accountRoles.delete") }).click();
  const confirm = page.getByRole("dialog", { name: en("accountRoles.delete"), exact: true });
  await expect(confirm).toContainText(en("accountRoles.confirmDelete").replace("{name}", renamed));
  await confirm.getByRole("button", { name: en("accountRoles.delete") }).click();
  const inUse = page.getByRole("alert").filter({ hasText: en("accountRoles.inUseTitle") });
  await expect(inUse).toContainText(text("accountRoles.inUse", { name: renamed, count: 1 }));
  await expect(inUse.getByRole("link", { name: en("accountRoles.goToUsers") })).toHaveAttribute("href", "/settings/ws/users");
  await page.reload();
  await expect(page.getByTestId("role-row").filter({ hasText: renamed })).toBeVisible();

  // The member role picker lists it under its new name.
  await page.goto("/settings/ws/users");
  await expect(memberRow.getByTestId("member-role")).toHaveText(renamed);

  // A role nobody holds goes, here through the bulk delete.
  await page.goto("/settings/ws/roles");
  await waitForHydration(page);
  await page.getByRole("button", { name: en("accountRoles.add"), exact: true }).click();
  await create.getByRole("textbox", { name: en("accountRoles.name") }).fill("Spare");
  await create.getByRole("button", { name: en("accountRoles.save") }).click();
  await expect(create).toBeHidden();
  const spare = page.getByTestId("role-row").filter({ has: page.getByTestId("role-name").getByText("Spare", { exact: true }) });
  await expect(spare).toContainText(en("accountRoles.noPermissions"));
  await spare.getByRole("checkbox", { name: en("accountRoles.select").replace("{name}", "Spare") }).check();
  const bulk = text("accountRoles.deleteSelected", { count: 1 });
  await page.getByRole("button", { name: bulk }).click();
  await page
    .getByRole("dialog", { name: bulk })
    .getByRole("button", { name: en("accountRoles.delete") })
    .click();
  await expect(spare).toHaveCount(0);
  await expect(page.getByTestId("role-row")).toHaveCount(1);
});

test("a Member opening workspace settings → Roles sees the not-allowed state", async ({ page, browser, request }) => {
  const admin = await createVerifiedUser(request, "roles-owner");
  await signInThroughApi(page, admin.email, admin.password);
  await acceptTermsThroughApi(page);
  const email = uniqueEmail("roles-member");
  await invite(page, email, en("roles.Member"));

  // The colleague joins as a Member in a second browser.
  const link = await emailLink(request, email, `You have been invited to ${admin.accountName}`, "/invite");
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await member.goto(link);
  await expect(member.getByRole("heading", { name: `Join ${admin.accountName}` })).toBeVisible();
  await waitForHydration(member);
  await member.getByRole("textbox", { name: en("auth.firstName") }).fill("Mona");
  await member.getByRole("textbox", { name: en("auth.password"), exact: true }).fill("Member-pass-123");
  await member.getByRole("button", { name: en("invite.accept") }).click();
  await member.waitForURL((url) => url.pathname === "/");
  await acceptTerms(member);

  await member.goto("/settings/ws/roles");
  await expect(member.getByTestId("not-allowed")).toContainText(en("notAllowed.title"));
  await expect(member.getByRole("heading", { name: en("accountRoles.title"), level: 1 })).toHaveCount(0);
  await expect(member.getByRole("button", { name: en("accountRoles.add"), exact: true })).toHaveCount(0);
  await memberContext.close();
});

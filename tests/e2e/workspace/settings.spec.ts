import { expect, test } from "@playwright/test";
import { messages } from "../fixtures/messages";
import { acceptTermsThroughApi, createVerifiedUser, signInThroughApi, waitForHydration } from "../fixtures/users";

const en = messages("en");

test("an administrator renames the workspace and the layout shows the new name; a bad colour is refused", async ({ page, request }) => {
  const admin = await createVerifiedUser(request, "ws-settings");
  await signInThroughApi(page, admin.email, admin.password);
  await acceptTermsThroughApi(page);

  await page.goto("/settings/ws");
  await page.waitForURL((url) => url.pathname === "/settings/ws/settings");
  const name = `Renamed ${Date.now()}`;
  await page.getByRole("textbox", { name: en("workspace.name") }).fill(name);
  await page.getByRole("checkbox", { name: en("workspace.repositoryViewAllDocs") }).check();
  await page.getByRole("button", { name: en("workspace.save") }).click();
  await expect(page.getByText(en("alerts.saved")).first()).toBeVisible();
  await expect(page.getByRole("navigation", { name: en("nav.mainNavigation") })).toContainText(name);
  await page.reload();
  await expect(page.getByRole("checkbox", { name: en("workspace.repositoryViewAllDocs") })).toBeChecked();
  // Whether sealing works here: the app's own certificate, no time-stamping authority configured.
  const sealing = page.getByTestId("sealing-health");
  await expect(sealing.getByRole("heading", { name: en("sealing.health.title") })).toBeVisible();
  await expect(sealing).toContainText(en("sealing.health.ready"));
  await expect(sealing).toContainText("Covenant document sealing");
  await expect(sealing).toContainText(en("sealing.health.tsaNone"));
  await sealing.getByRole("button", { name: en("sealing.health.checkAgain") }).click();
  await expect(sealing).toContainText(en("sealing.health.ready"));

  await page.goto("/settings/ws/appearance");
  await expect(page.getByText(en("workspace.brandingNotInPlan"))).toBeVisible();
  // The text field, not the colour picker beside it.
  await page
    .getByRole("textbox", { name: en("workspace.primaryColor") })
    .first()
    .fill("violetish");
  await expect(page.getByText(en("workspace.colorInvalid"))).toBeVisible();
  await expect(page.getByRole("button", { name: en("workspace.save") })).toBeDisabled();
});

test("profile: a phone without a country code is refused, a valid one is saved", async ({ page, request }) => {
  const user = await createVerifiedUser(request, "profile");
  await signInThroughApi(page, user.email, user.password);
  await acceptTermsThroughApi(page);
  await page.goto("/settings");
  await page.waitForURL((url) => url.pathname === "/settings/profile");
  const phone = page.getByRole("textbox", { name: en("profile.phone") });
  await phone.fill("600 123 456");
  await expect(page.getByText(en("profile.phoneInvalid"))).toBeVisible();
  await phone.fill("+34 600 123 456");
  await page.getByRole("button", { name: en("profile.save") }).click();
  await expect(page.getByText(en("alerts.saved")).first()).toBeVisible();
  await page.reload();
  await expect(phone).toHaveValue("+34600123456");
});

test("categories and tags: add, hide, recolour and delete", async ({ page, request }) => {
  const admin = await createVerifiedUser(request, "taxonomy");
  await signInThroughApi(page, admin.email, admin.password);
  await acceptTermsThroughApi(page);

  await page.goto("/settings/ws/categories");
  await page.getByRole("textbox", { name: en("categories.name") }).fill("Purchase agreements");
  await page.getByRole("combobox", { name: en("categories.group") }).selectOption({ label: en("categories.groups.template") });
  await page.getByRole("button", { name: en("categories.add") }).click();
  const row = page.getByTestId("category-row").filter({ hasText: "Purchase agreements" });
  await expect(row).toBeVisible();
  // Each row's context menu (spec "Context menus": edit, delete, hide, show).
  const categoryMenu = row.getByRole("button", { name: en("categories.actions").replace("{name}", "Purchase agreements") });
  await categoryMenu.click();
  await page.getByRole("menuitem", { name: en("categories.hide") }).click();
  await expect(row).toContainText(en("categories.hidden"));
  await categoryMenu.click();
  await page.getByRole("menuitem", { name: en("categories.show") }).click();
  await expect(row).not.toContainText(en("categories.hidden"));
  await categoryMenu.click();
  await page.getByRole("menuitem", { name: en("categories.edit") }).click();
  // While edited, the row holds a form (its text no longer names the category).
  const editing = page.getByTestId("category-row").filter({ has: page.getByRole("textbox") });
  await editing.getByRole("textbox", { name: en("categories.name") }).fill("Purchase contracts");
  await editing.getByRole("button", { name: en("categories.save") }).click();
  const renamed = page.getByTestId("category-row").filter({ hasText: "Purchase contracts" });
  await expect(renamed).toBeVisible();
  await renamed.getByRole("button", { name: en("categories.actions").replace("{name}", "Purchase contracts") }).click();
  await page.getByRole("menuitem", { name: en("categories.delete") }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: en("categories.delete") })
    .click();
  await expect(renamed).toHaveCount(0);

  await page.goto("/settings/ws/tags");
  await page.getByRole("textbox", { name: en("tags.name") }).fill("Urgent");
  await page.getByRole("button", { name: en("tags.add") }).click();
  await expect(page.getByTestId("tag-row").filter({ hasText: "Urgent" })).toBeVisible();
  await page.getByRole("textbox", { name: en("tags.name") }).fill("urgent");
  await page.getByRole("button", { name: en("tags.add") }).click();
  await expect(page.getByText(en("alerts.createError")).first()).toBeVisible();
  await expect(page.getByTestId("tag-row")).toHaveCount(1);

  // The tag's context menu: edit (name and colour), then delete.
  const tagRow = page.getByTestId("tag-row").filter({ hasText: "Urgent" });
  await tagRow.getByRole("button", { name: en("tags.actions").replace("{name}", "Urgent") }).click();
  await page.getByRole("menuitem", { name: en("tags.edit") }).click();
  await tagRow.getByRole("textbox", { name: en("tags.name") }).fill("Very urgent");
  await tagRow.getByRole("button", { name: en("common.save") }).click();
  const editedTag = page.getByTestId("tag-row").filter({ hasText: "Very urgent" });
  await expect(editedTag).toBeVisible();
  await editedTag.getByRole("button", { name: en("tags.actions").replace("{name}", "Very urgent") }).click();
  await page.getByRole("menuitem", { name: en("tags.delete") }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: en("tags.delete") })
    .click();
  await expect(page.getByTestId("tag-row")).toHaveCount(0);
});

test("the home search finds a tag of the workspace", async ({ page, request }) => {
  const admin = await createVerifiedUser(request, "search");
  await signInThroughApi(page, admin.email, admin.password);
  await acceptTermsThroughApi(page);
  await page.goto("/settings/ws/tags");
  await waitForHydration(page);
  await page.getByRole("textbox", { name: en("tags.name") }).fill("Renewal watch");
  await page.getByRole("button", { name: en("tags.add") }).click();
  await expect(page.getByTestId("tag-row")).toHaveCount(1);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: en("home.expiringTitle") })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("searchbox", { name: en("home.search") }).fill("renewal");
  await expect(page.getByTestId("search-results")).toContainText("Renewal watch");
  await page.getByRole("searchbox", { name: en("home.search") }).fill("nothing-like-this");
  await expect(page.getByTestId("search-results")).toContainText("nothing-like-this");
});

test("appearance: a logo is uploaded and shown; a file that is not an image is refused", async ({ page, request }) => {
  const admin = await createVerifiedUser(request, "logo");
  await signInThroughApi(page, admin.email, admin.password);
  await acceptTermsThroughApi(page);
  await page.goto("/settings/ws/appearance");
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
  await page
    .getByLabel(`${en("workspace.upload")} ${en("workspace.logo")}`)
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png });
  await expect(page.getByTestId("brand-logo")).toBeVisible();
  await expect.poll(() => page.getByTestId("brand-logo").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await page
    .getByLabel(`${en("workspace.upload")} ${en("workspace.avatar")}`)
    .setInputFiles({ name: "avatar.png", mimeType: "image/png", buffer: Buffer.from("MZ this is not an image") });
  await expect(page.getByRole("main").getByRole("alert")).toContainText(en("errors.FILE_TYPE_NOT_ALLOWED"));
});

import { expect, test, type Page } from "@playwright/test";
import { makeDocx } from "../../fixtures/docx";
import { signInFresh } from "../fixtures/fresh-user";
import { messages } from "../fixtures/messages";
import { csrfToken, waitForHydration } from "../fixtures/users";

/**
 * The /templates list like /docs: ticked rows deleted together, a template moved into a folder
 * from its row's context menu (by keyboard), a folder moved under another. Data is set up
 * through the API, as the screens would send it; only the flow under test goes through the UI.
 */
const en = messages("en");
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const withName = (key: string, name: string) => en(key).replace("{name}", name);

/** Uploads a template through POST /vapp/templates with the browser's session. */
async function apiTemplate(page: Page, name: string): Promise<{ id: string }> {
  const response = await page.request.post("/vapp/templates", {
    headers: { "x-csrf-token": await csrfToken(page.request) },
    multipart: {
      file: { name: `${name}.docx`, mimeType: DOCX, buffer: Buffer.from(makeDocx([`${name} between [client] and us.`])) },
      data: JSON.stringify({ name }),
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { id: string };
}

async function apiFolder(page: Page, name: string, parentId: string | null = null): Promise<{ id: string }> {
  const response = await page.request.post("/vapp/folders", {
    headers: { "x-csrf-token": await csrfToken(page.request) },
    data: { name, group: "template", parentId },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { id: string };
}

async function openTemplates(page: Page, query = "") {
  await page.goto(`/templates${query}`);
  await expect(page.getByRole("heading", { level: 1, name: en("templates.title") })).toBeVisible();
  await waitForHydration(page);
}

test("select two templates and delete them together", async ({ page, request }) => {
  await signInFresh(page, request, "tpl-bulk");
  const alpha = await apiTemplate(page, "Alpha agreement");
  const bravo = await apiTemplate(page, "Bravo agreement");
  await apiTemplate(page, "Charlie agreement");
  await openTemplates(page);
  const rows = page.getByTestId("template-row");
  await expect(rows).toHaveCount(3);

  await page.getByRole("checkbox", { name: withName("templates.select", "Alpha agreement") }).check();
  await page.getByRole("checkbox", { name: withName("templates.select", "Bravo agreement") }).check();
  await expect(page.getByText("2 templates selected")).toBeVisible();
  await page.getByRole("button", { name: en("templates.deleteSelected") }).click();
  const dialog = page.getByRole("dialog", { name: en("templates.deleteSelected") });
  await expect(dialog).toContainText("Delete 2 templates?");
  await dialog.getByRole("button", { name: en("templates.delete"), exact: true }).click();
  await expect(dialog).toBeHidden();

  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("Charlie agreement");
  await expect(page.getByText("2 templates selected")).toHaveCount(0);
  for (const { id } of [alpha, bravo]) expect((await page.request.get(`/vapp/templates/${id}`)).status()).toBe(404);
});

test("a list keeps one row's menu open: Escape returns to its button, another row's button or a press outside closes it", async ({
  page,
  request,
}) => {
  await signInFresh(page, request, "row-menus");
  for (const name of ["Alpha lease", "Bravo lease"]) await apiTemplate(page, name);
  await openTemplates(page);
  const trigger = (name: string) => page.getByRole("button", { name: withName("templates.actionsFor", name) });
  const menu = (name: string) => page.getByRole("menu", { name: withName("templates.actionsFor", name) });

  await trigger("Alpha lease").click();
  await expect(menu("Alpha lease").getByRole("menuitem", { name: en("templates.open") })).toBeFocused();
  await expect(trigger("Alpha lease")).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(menu("Alpha lease")).toHaveCount(0);
  await expect(trigger("Alpha lease")).toBeFocused();
  await expect(trigger("Alpha lease")).toHaveAttribute("aria-expanded", "false");

  await trigger("Alpha lease").click();
  await expect(menu("Alpha lease")).toBeVisible();
  await trigger("Bravo lease").click();
  await expect(menu("Alpha lease")).toHaveCount(0);
  await expect(menu("Bravo lease")).toBeVisible();
  await page.getByRole("heading", { level: 1 }).click();
  await expect(page.getByRole("menu")).toHaveCount(0);
});

test("move a template into a folder from its row's context menu, by keyboard", async ({ page, request }) => {
  await signInFresh(page, request, "tpl-move");
  const folder = await apiFolder(page, "Leases");
  const template = await apiTemplate(page, "Warehouse lease");
  await openTemplates(page);
  const row = page.getByTestId("template-row").filter({ hasText: "Warehouse lease" });
  await expect(row.getByTestId("template-folder")).toHaveCount(0);

  // Enter opens the menu on its first entry; the arrows walk it; Enter runs the entry.
  const trigger = row.getByRole("button", { name: withName("templates.actionsFor", "Warehouse lease") });
  await trigger.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu", { name: withName("templates.actionsFor", "Warehouse lease") });
  await expect(menu.getByRole("menuitem", { name: en("templates.open") })).toBeFocused();
  const move = menu.getByRole("menuitem", { name: en("templates.moveToFolder") });
  for (let i = 0; i < 8 && !(await move.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("ArrowDown");
  await expect(move).toBeFocused();
  await page.keyboard.press("Enter");

  const dialog = page.getByRole("dialog", { name: en("templates.moveToFolder") });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(withName("templates.moveDescription", "Warehouse lease"));
  const destination = dialog.getByRole("combobox", { name: en("folders.destination") });
  await expect(destination).toHaveValue("root");
  await destination.selectOption(folder.id);
  await dialog.getByRole("button", { name: en("folders.moveButton"), exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId("template-folder")).toHaveText("Leases");

  // The folder's own list now holds it (chosen in the tree beside the list), and the server agrees.
  await page
    .getByRole("tree", { name: en("folders.folders") })
    .getByRole("treeitem", { name: "Leases" })
    .click();
  await page.waitForURL((url) => url.searchParams.get("folder") === folder.id);
  await expect(page.getByTestId("template-row")).toHaveCount(1);
  const stored = (await (await page.request.get(`/vapp/templates/${template.id}`)).json()) as { folderId: string | null };
  expect(stored.folderId).toBe(folder.id);
});

test("move a folder under another; it is never offered a place inside itself", async ({ page, request }) => {
  await signInFresh(page, request, "folder-move");
  const clients = await apiFolder(page, "Clients");
  const acme = await apiFolder(page, "Acme");
  await openTemplates(page, `?folder=${acme.id}`);

  await page.getByRole("button", { name: en("folders.move"), exact: true }).click();
  let dialog = page.getByRole("dialog", { name: en("folders.move") });
  await expect(dialog).toContainText(withName("folders.moveDescription", "Acme"));
  let destination = dialog.getByRole("combobox", { name: en("folders.destination") });
  await expect(destination.locator(`option[value="${acme.id}"]`)).toHaveCount(0);
  await destination.selectOption(clients.id);
  await dialog.getByRole("button", { name: en("folders.moveButton"), exact: true }).click();
  await expect(dialog).toBeHidden();

  const tree = (await (await page.request.get("/vapp/folders?group=template")).json()) as {
    children: { key: string; children: { key: string }[] }[];
  };
  expect(tree.children).toEqual([expect.objectContaining({ key: clients.id, children: [expect.objectContaining({ key: acme.id })] })]);

  // Clients cannot now go under Acme, its own sub-folder: Acme is not offered.
  await openTemplates(page, `?folder=${clients.id}`);
  await page.getByRole("button", { name: en("folders.move"), exact: true }).click();
  dialog = page.getByRole("dialog", { name: en("folders.move") });
  destination = dialog.getByRole("combobox", { name: en("folders.destination") });
  await expect(destination).toHaveValue("root");
  await expect(destination.locator(`option[value="${acme.id}"]`)).toHaveCount(0);
  await expect(destination.locator(`option[value="${clients.id}"]`)).toHaveCount(0);
  await dialog.getByRole("button", { name: en("folders.cancel"), exact: true }).click();
  await expect(dialog).toBeHidden();

  // The tree beside the list shows Acme inside Clients under Drive, and works by keyboard alone.
  const folderTree = page.getByRole("tree", { name: en("folders.folders") });
  const item = (name: string) => folderTree.getByRole("treeitem", { name, exact: true });
  await expect(item(en("folders.drive"))).toHaveAttribute("aria-expanded", "true");
  await expect(item("Clients")).toHaveAttribute("aria-selected", "true");
  await expect(item("Clients")).toHaveAttribute("aria-level", "2");
  await expect(item("Acme")).toHaveCount(0);
  await item("Clients").focus();
  await page.keyboard.press("ArrowRight");
  await expect(item("Acme")).toHaveAttribute("aria-level", "3");
  await page.keyboard.press("ArrowDown");
  await expect(item("Acme")).toBeFocused();
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.searchParams.get("folder") === acme.id);
  await expect(item("Acme")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowLeft");
  await expect(item("Clients")).toBeFocused();
  await page.getByRole("button", { name: en("folders.all") }).click();
  await page.waitForURL((url) => !url.searchParams.has("folder"));
});

test("a template's category is found by typing part of its name, and chosen by keyboard", async ({ page, request }) => {
  await signInFresh(page, request, "category-search");
  for (const name of ["Leases", "Loans", "Employment"]) {
    const created = await page.request.post("/vapp/categories", {
      headers: { "x-csrf-token": await csrfToken(page.request) },
      data: { name, group: "template" },
    });
    expect(created.ok(), await created.text()).toBe(true);
  }
  const template = await apiTemplate(page, "Office lease");
  await page.goto(`/t/${template.id}/view`);
  await waitForHydration(page);

  const category = page.getByRole("combobox", { name: en("templates.category") });
  await category.fill("lea");
  const options = page.getByRole("listbox", { name: en("templates.category") }).getByRole("option");
  await expect(options).toHaveText(["—", "Leases"]);
  await page.keyboard.press("Enter");
  await expect(category).toHaveValue("Leases");
  await category.fill("zzz");
  await expect(page.getByText(en("templates.noCategoryMatches"))).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(category).toHaveValue("Leases");

  const saved = page.waitForResponse(
    (response) => response.request().method() === "PUT" && response.url().endsWith(`/vapp/templates/${template.id}`),
  );
  await page.getByRole("button", { name: en("templates.saveDetails") }).click();
  expect((await saved).status()).toBe(200);
  const stored = (await (await page.request.get(`/vapp/templates/${template.id}`)).json()) as { category: { name: string } | null };
  expect(stored.category?.name).toBe("Leases");
});

test("the filter bar shows its selects when asked, and by itself on a filtered address", async ({ page, request }) => {
  await signInFresh(page, request, "filters");
  await page.goto("/docs");
  await waitForHydration(page);
  const filters = page.getByRole("search", { name: en("lists.filters") });
  const status = filters.getByLabel(en("documents.statusFilter"));
  const more = filters.getByRole("button", { name: en("lists.moreFilters") });
  // An unfiltered list shows the words field only, and says the rest is folded.
  await expect(filters.getByLabel(en("documents.search"))).toBeVisible();
  await expect(status).toHaveCount(0);
  await expect(more).toHaveAttribute("aria-expanded", "false");

  await more.click();
  const fewer = filters.getByRole("button", { name: en("lists.fewerFilters") });
  await expect(fewer).toHaveAttribute("aria-expanded", "true");
  await status.selectOption("signed");
  await filters.getByRole("button", { name: en("lists.apply") }).click();
  await page.waitForURL((url) => url.searchParams.get("status") === "signed");

  // Opened on that address, the bar shows the filter it applies.
  await page.reload();
  await expect(status).toHaveValue("signed");
  await expect(fewer).toHaveAttribute("aria-expanded", "true");
});

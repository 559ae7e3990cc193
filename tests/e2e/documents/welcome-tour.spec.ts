import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { messages } from "../fixtures/messages";
import { acceptTerms, createVerifiedUser, signIn } from "../fixtures/users";

/** Spec "Welcome tour" (docs/welcome-tour.md): intro, skip, and the guided template creation. */
const en = messages("en");
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const stepOf = (current: number, total: number) =>
  en("tour.stepOf").replace("{current}", String(current)).replace("{total}", String(total));
/** A tour step is a (non-modal) dialog named by its title. */
const tourStep = (page: Page, titleKey: string) => page.getByRole("dialog", { name: en(`tour.${titleKey}`), exact: true });
const isTourCall = (url: string) => new URL(url).pathname === "/vapp/users/welcome-tour";

/** A brand-new user: verified, signed in, terms accepted (on the home screen), nothing else. */
async function signInNew(page: Page, request: APIRequestContext, label: string) {
  const user = await createVerifiedUser(request, label);
  await signIn(page, user.email, user.password);
  await acceptTerms(page);
  await expect(page.getByRole("button", { name: en("tos.accept") })).toHaveCount(0);
  return user;
}

async function hasSeenWelcomeTour(page: Page): Promise<unknown> {
  const response = await page.request.get("/vapp/users/me");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { metadata?: { hasSeenWelcomeTour?: unknown } }).metadata?.hasSeenWelcomeTour;
}

test("a new user sees the welcome tour on Templates, goes forward and back, and a skip is remembered", async ({ page, request }) => {
  await signInNew(page, request, "tour-skip");
  await page.goto("/templates");

  const welcome = tourStep(page, "intro.welcomeTitle");
  await expect(welcome).toBeVisible();
  await expect(welcome).toContainText(stepOf(1, 4));
  await expect(welcome).toContainText(en("tour.intro.welcomeBody"));
  await expect(welcome).toBeFocused();
  await expect(welcome.getByRole("button", { name: en("tour.skip") })).toBeVisible();

  await welcome.getByRole("button", { name: en("tour.start") }).click();
  const templates = tourStep(page, "intro.templatesTitle");
  await expect(templates).toContainText(stepOf(2, 4));
  await expect(page.getByTestId("tour-highlight")).toBeVisible();
  await templates.getByRole("button", { name: en("tour.continue") }).click();

  const organise = tourStep(page, "intro.organiseTitle");
  await expect(organise).toContainText(stepOf(3, 4));
  await expect(templates).toHaveCount(0);
  await organise.getByRole("button", { name: en("tour.back") }).click();
  await expect(tourStep(page, "intro.templatesTitle")).toContainText(stepOf(2, 4));
  await tourStep(page, "intro.templatesTitle")
    .getByRole("button", { name: en("tour.back") })
    .click();

  // The tour does not block the page: the templates screen stays usable behind it.
  await expect(page.getByRole("button", { name: en("templates.add") })).toBeEnabled();

  const skipped = page.waitForResponse((response) => isTourCall(response.url()) && response.request().method() === "POST");
  await tourStep(page, "intro.welcomeTitle")
    .getByRole("button", { name: en("tour.skip") })
    .click();
  expect((await skipped).status()).toBe(200);
  await expect(tourStep(page, "intro.welcomeTitle")).toHaveCount(0);
  expect(await hasSeenWelcomeTour(page)).toBe(true);

  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: en("templates.title") })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(tourStep(page, "intro.welcomeTitle")).toHaveCount(0);
  await expect(page.locator("[data-tour-popover]")).toHaveCount(0);
});

test("Escape closes the welcome tour like Skip", async ({ page, request }) => {
  await signInNew(page, request, "tour-escape");
  await page.goto("/templates");
  const welcome = tourStep(page, "intro.welcomeTitle");
  await expect(welcome).toBeFocused();
  const skipped = page.waitForResponse((response) => isTourCall(response.url()));
  await page.keyboard.press("Escape");
  expect((await skipped).status()).toBe(200);
  await expect(welcome).toHaveCount(0);
  expect(await hasSeenWelcomeTour(page)).toBe(true);
});

test("the guided tour uploads the sample template and finishes on the template's page", async ({ page, request }) => {
  await signInNew(page, request, "tour-guided");
  await page.goto("/templates");

  await tourStep(page, "intro.welcomeTitle")
    .getByRole("button", { name: en("tour.start") })
    .click();
  await tourStep(page, "intro.templatesTitle")
    .getByRole("button", { name: en("tour.continue") })
    .click();
  await tourStep(page, "intro.organiseTitle")
    .getByRole("button", { name: en("tour.continue") })
    .click();
  const create = tourStep(page, "intro.createTitle");
  await expect(create).toContainText(stepOf(4, 4));
  await create.getByRole("button", { name: en("tour.continue") }).click();

  // Guided part on /templates: add, file (with the samples), name, upload.
  const add = tourStep(page, "guide.addTitle");
  await expect(add).toContainText(stepOf(1, 9));
  await add.getByRole("button", { name: en("tour.continue") }).click();

  const upload = page.getByRole("dialog", { name: en("templates.uploadTitle"), exact: true });
  await expect(upload).toBeVisible();
  const file = tourStep(page, "guide.fileTitle");
  await expect(file).toContainText(stepOf(2, 9));
  await expect(file).toBeFocused();

  const downloading = page.waitForEvent("download");
  await file.getByRole("link", { name: en("tour.guide.sampleEn") }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("Services agreement sample.docx");
  const sample = await readFile((await download.path())!);
  await upload
    .getByLabel(en("templates.file"), { exact: true })
    .setInputFiles({ name: download.suggestedFilename(), mimeType: DOCX, buffer: sample });
  // Still on the same step and the same address: downloading is not a route change.
  await expect(file).toBeVisible();
  await file.getByRole("button", { name: en("tour.continue") }).click();

  const name = tourStep(page, "guide.nameTitle");
  await expect(name).toContainText(stepOf(3, 9));
  await upload.getByRole("textbox", { name: en("templates.name"), exact: true }).fill("Services agreement [Client name]");
  await name.getByRole("button", { name: en("tour.continue") }).click();

  const submit = tourStep(page, "guide.uploadTitle");
  await expect(submit).toContainText(stepOf(4, 9));
  await upload.getByRole("button", { name: en("templates.upload"), exact: true }).click();

  // The upload hands the tour over to the template's page, where it goes on at step 5.
  await page.waitForURL(/\/t\/[^/]+\/view$/);
  await expect(page.getByRole("heading", { level: 1, name: "Services agreement [Client name]" })).toBeVisible();
  const fields = tourStep(page, "guide.fieldsTitle");
  await expect(fields).toContainText(stepOf(5, 9));
  await expect(page.getByTestId("variable-row")).toHaveCount(5);
  await expect(page.locator('[data-testid="variable-row"][data-name="Client name"]')).toBeVisible();
  await fields.getByRole("button", { name: en("tour.continue") }).click();

  const templateName = tourStep(page, "guide.templateNameTitle");
  await expect(templateName).toContainText(stepOf(6, 9));
  await templateName.getByRole("button", { name: en("tour.continue") }).click();

  const category = tourStep(page, "guide.categoryTitle");
  await expect(category).toContainText(stepOf(7, 9));
  await category.getByRole("button", { name: en("tour.back") }).click();
  await expect(tourStep(page, "guide.templateNameTitle")).toContainText(stepOf(6, 9));
  await tourStep(page, "guide.templateNameTitle")
    .getByRole("button", { name: en("tour.continue") })
    .click();
  await tourStep(page, "guide.categoryTitle")
    .getByRole("button", { name: en("tour.continue") })
    .click();

  // Create (publish) it while the tour waits on that step.
  const publish = tourStep(page, "guide.publishTitle");
  await expect(publish).toContainText(stepOf(8, 9));
  await page.getByRole("button", { name: en("templates.publish"), exact: true }).click();
  await expect(page.getByTestId("template-state")).toHaveText(en("templates.published"));
  await expect(publish).toBeVisible();
  await publish.getByRole("button", { name: en("tour.continue") }).click();

  const done = tourStep(page, "guide.doneTitle");
  await expect(done).toContainText(stepOf(9, 9));
  await expect(done).toContainText(en("tour.guide.doneBody"));
  expect(await hasSeenWelcomeTour(page)).toBeUndefined();
  const finished = page.waitForResponse((response) => isTourCall(response.url()));
  await done.getByRole("button", { name: en("tour.finish") }).click();
  expect((await finished).status()).toBe(200);
  await expect(done).toHaveCount(0);
  expect(await hasSeenWelcomeTour(page)).toBe(true);

  // Back on Templates: the new template is listed and the tour does not open again.
  await page.goto("/templates");
  await expect(page.getByTestId("template-row")).toHaveCount(1);
  await expect(page.getByTestId("template-row")).toContainText("Services agreement [Client name]");
  await page.waitForLoadState("networkidle");
  await expect(page.locator("[data-tour-popover]")).toHaveCount(0);
});

import { readFile } from "node:fs/promises";
import { expect, test, type Browser, type Page } from "@playwright/test";
import PizZip from "pizzip";
import { makeDocx } from "../../fixtures/docx";
import { signInFresh } from "../fixtures/fresh-user";
import { uploadDocument } from "../fixtures/upload-document";
import { messages } from "../fixtures/messages";
import { emailLink } from "../fixtures/outbox";
import { acceptTerms, createVerifiedUser, uniqueEmail, waitForHydration } from "../fixtures/users";

const en = messages("en");
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** Invites a Member by email; they join in their own browser and accept the terms. */
async function joinAsMember(
  page: Page,
  browser: Browser,
  request: Parameters<typeof createVerifiedUser>[0],
  accountName: string,
  label: string,
) {
  const email = uniqueEmail(label);
  await page.goto("/settings/ws/users");
  await page.getByRole("textbox", { name: en("members.emails") }).fill(email);
  await page.getByRole("combobox", { name: en("members.role"), exact: true }).selectOption({ label: en("roles.Member") });
  await page.getByRole("button", { name: en("members.send") }).click();
  const link = await emailLink(request, email, `You have been invited to ${accountName}`, "/invite");
  const context = await browser.newContext();
  const colleague = await context.newPage();
  await colleague.goto(link);
  await colleague.getByRole("textbox", { name: en("auth.firstName") }).fill("Rita");
  await colleague.getByRole("textbox", { name: en("auth.password"), exact: true }).fill("Member-pass-123");
  await colleague.getByRole("button", { name: en("invite.accept") }).click();
  await colleague.waitForURL((url) => url.pathname === "/");
  await acceptTerms(colleague);
  return { context, colleague, email };
}

async function uploadTemplate(page: Page, name: string, paragraphs: (string | string[])[]) {
  await page.goto("/templates");
  await page.getByRole("button", { name: en("templates.add") }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(en("templates.file")).setInputFiles({ name, mimeType: DOCX, buffer: Buffer.from(makeDocx(paragraphs)) });
  await dialog.getByRole("button", { name: en("templates.upload") }).click();
}

test(
  "a member uploads a [bracket] template, sets a date and a formula field, creates a document, downloads it and finds it by a word of its body",
  { tag: "@smoke" },
  async ({ page, request }) => {
    await signInFresh(page, request, "templates");
    await uploadTemplate(page, "Service agreement [client].docx", [
      "Service agreement with [client].",
      ["Work starts on [st", "art date]."],
      "The monthly fee is [fee] and the yearly total is [yearly total].",
      "Governed by the Wombat clause.",
    ]);

    // The fields were found, split runs included.
    await page.waitForURL(/\/t\/[^/]+\/view$/);
    const rows = page.getByTestId("variable-row");
    await expect(rows).toHaveCount(4);
    await expect(page.getByRole("heading", { name: "4 fields" })).toBeVisible();

    // Start date is a date with a format; the total is a formula over the fee.
    const start = page.locator('[data-testid="variable-row"][data-name="start date"]');
    await start.getByRole("combobox", { name: en("templates.type") }).selectOption({ label: en("templates.types.date") });
    await start.getByRole("textbox", { name: en("templates.dateFormat") }).fill("DD/MM/YYYY");
    const fee = page.locator('[data-testid="variable-row"][data-name="fee"]');
    await fee.getByRole("combobox", { name: en("templates.type") }).selectOption({ label: en("templates.types.currency") });
    await fee.getByRole("textbox", { name: en("templates.currency") }).fill("EUR");
    const total = page.locator('[data-testid="variable-row"][data-name="yearly total"]');
    await total.getByRole("combobox", { name: en("templates.type") }).selectOption({ label: en("templates.types.formula") });
    await total.getByRole("textbox", { name: en("templates.formula") }).fill("[fee] * 12");
    await page.getByRole("button", { name: en("templates.saveFields") }).click();
    await expect(page.getByText(en("alerts.saved")).first()).toBeVisible();

    await page.getByRole("button", { name: en("templates.publish") }).click();
    await expect(page.getByTestId("template-state")).toHaveText(en("templates.published"));

    // The form validates by type and computes the formula as you type.
    const form = page.getByTestId("create-document-form");
    await form.locator('[data-name="client"] input').fill("Acme Robotics");
    await form.locator('[data-name="start date"] input').fill("2027-03-01");
    await form.locator('[data-name="fee"] input').fill("250");
    await expect(form.locator('[data-name="yearly total"] output')).toHaveText("3,000");
    await form.getByRole("button", { name: en("templates.generate") }).click();

    await page.waitForURL(/\/d\/[^/]+\/view$/);
    await expect(page.getByRole("heading", { name: "Service agreement Acme Robotics" })).toBeVisible();
    await expect(page.getByTestId("document-status")).toHaveText(en("documents.status.initial"));
    const rendition = page.getByTestId("document-rendition");
    await expect(rendition).toContainText("Work starts on 01/03/2027.");
    await expect(rendition).toContainText("The monthly fee is €250.00 and the yearly total is 3,000.");
    // The Fields tab reads each value in the reader's language, by its label.
    await page.getByRole("tab", { name: en("documents.tabs.fields") }).click();
    const fields = page.getByRole("tabpanel");
    await expect(fields).toContainText("March 1, 2027");
    await expect(fields).toContainText("€250.00");
    await expect(fields).not.toContainText("2027-03-01");
    await page.getByRole("tab", { name: en("documents.tabs.document") }).click();

    // The downloaded DOCX holds the filled values.
    const downloading = page.waitForEvent("download");
    await page
      .getByRole("link", { name: en("documents.download") })
      .first()
      .click();
    const download = await downloading;
    const text = new PizZip(await readFile((await download.path())!))
      .file("word/document.xml")!
      .asText()
      .replace(/<[^>]+>/g, "");
    expect(text).toContain("Service agreement with Acme Robotics.");
    expect(text).toContain("the yearly total is 3,000.");

    // The status moves along the table.
    await page.getByRole("combobox", { name: en("documents.changeStatus") }).selectOption({ label: en("documents.status.drafting") });
    await page.getByRole("button", { name: en("documents.apply") }).click();
    await expect(page.getByTestId("document-status")).toHaveText(en("documents.status.drafting"));

    // Search finds it by a word of its body, with the match highlighted.
    await page.goto("/docs");
    await page.getByRole("searchbox", { name: en("documents.search") }).fill("wombat");
    await page.getByRole("button", { name: en("documents.apply") }).click();
    const row = page.getByTestId("document-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Service agreement Acme Robotics");
    await expect(row.getByTestId("search-highlight").locator("mark")).toHaveText("Wombat");
    await page.getByRole("searchbox", { name: en("documents.search") }).fill("platypus");
    await page.getByRole("button", { name: en("documents.apply") }).click();
    await expect(page.getByText(en("documents.empty"))).toBeVisible();
  },
);

test("a member sets address, position, data map, table and identity fields and fills them in the form", async ({ page, request }) => {
  await signInFresh(page, request, "structured");
  await uploadTemplate(page, "Lease.docx", ["Tenant id [tenant id].", "Address: [office].", "Position: [site].", "[extras]", "[items]"]);
  await page.waitForURL(/\/t\/[^/]+\/view$/);
  const row = (name: string) => page.locator(`[data-testid="variable-row"][data-name="${name}"]`);
  const setType = (name: string, type: string) =>
    row(name)
      .getByRole("combobox", { name: en("templates.type") })
      .selectOption({ label: en(`templates.types.${type}`) });
  await setType("tenant id", "identity");
  await row("tenant id")
    .getByRole("combobox", { name: en("templates.identityType") })
    .selectOption({ label: en("templates.identityTypes.passport") });
  await row("tenant id")
    .getByRole("textbox", { name: en("templates.variableName") })
    .fill("Passport number");
  await setType("office", "address");
  await setType("site", "geo");
  await setType("extras", "object");
  await setType("items", "matrix");
  await row("items")
    .getByRole("textbox", { name: en("templates.columns") })
    .fill("Item\nQty");
  await page.getByRole("button", { name: en("templates.saveFields") }).click();
  await expect(page.getByText(en("alerts.saved")).first()).toBeVisible();
  await page.getByRole("button", { name: en("templates.publish") }).click();
  await expect(page.getByTestId("template-state")).toHaveText(en("templates.published"));

  const form = page.getByTestId("create-document-form");
  await form.getByRole("textbox", { name: "Passport number" }).fill("X1234567");
  const office = form.getByRole("group", { name: "office" });
  await office.getByRole("textbox", { name: en("templates.inputs.line1") }).fill("Gran Via 1");
  await office.getByRole("textbox", { name: en("templates.inputs.city") }).fill("Madrid");
  await office.getByRole("textbox", { name: en("templates.inputs.postalCode") }).fill("28013");
  await office.getByRole("combobox", { name: en("templates.inputs.country") }).selectOption("ES");
  const site = form.getByRole("group", { name: "site" });
  await site.getByRole("spinbutton", { name: en("templates.inputs.latitude") }).fill("40.4168");
  await site.getByRole("spinbutton", { name: en("templates.inputs.longitude") }).fill("-3.7038");
  const extras = form.getByRole("group", { name: "extras" });
  await extras.getByRole("button", { name: en("templates.inputs.addRow") }).click();
  await extras.getByRole("textbox", { name: en("templates.inputs.keyRow").replace("{n}", "1") }).fill("Parking");
  await extras.getByRole("textbox", { name: en("templates.inputs.valueRow").replace("{n}", "1") }).fill("P12");
  const items = form.getByRole("group", { name: "items" });
  await items.getByRole("button", { name: en("templates.inputs.addRow") }).click();
  await items
    .getByRole("textbox", { name: en("templates.inputs.cellLabel").replace("{column}", "Item").replace("{n}", "1") })
    .fill("Chairs");
  await items.getByRole("textbox", { name: en("templates.inputs.cellLabel").replace("{column}", "Qty").replace("{n}", "1") }).fill("4");
  await form.getByRole("button", { name: en("templates.generate") }).click();

  await page.waitForURL(/\/d\/[^/]+\/view$/);
  const rendition = page.getByTestId("document-rendition");
  await expect(rendition).toContainText("Tenant id X1234567.");
  await expect(rendition).toContainText("Address: Gran Via 1, 28013 Madrid, Spain.");
  await expect(rendition).toContainText("Position: 40.4168, -3.7038.");
  await expect(rendition).toContainText("Parking: P12");
  await expect(rendition).toContainText("Item: Chairs; Qty: 4");
});

test("a template mixing variable formats is refused with the formats named", async ({ page, request }) => {
  await signInFresh(page, request, "mixed");
  await uploadTemplate(page, "mixed.docx", ["Between [client] and {{provider}}."]);
  await expect(page.getByRole("dialog").getByRole("alert")).toContainText("The template mixes variable formats ({{x}}, [x])");
  await page.goto("/templates");
  await expect(page.getByText(en("templates.empty"))).toBeVisible();
});

test("a Reader sees a document but cannot edit it", async ({ page, browser, request }) => {
  const admin = await signInFresh(page, request, "reader-admin");
  // Members read every document of this workspace (repositoryViewAllDocs).
  await page.goto("/settings/ws/settings");
  await page.getByRole("checkbox", { name: en("workspace.repositoryViewAllDocs") }).check();
  await page.getByRole("button", { name: en("workspace.save") }).click();
  await expect(page.getByText(en("alerts.saved")).first()).toBeVisible();

  const documentUrl = await uploadDocument(page, "Lease.docx", "The lease of the warehouse.");

  const { context, colleague } = await joinAsMember(page, browser, request, admin.accountName, "reader");

  await colleague.goto(documentUrl);
  await expect(colleague.getByTestId("document-rendition")).toContainText("The lease of the warehouse.");
  await expect(colleague.getByText(`Your role: ${en("documents.roles.reader")}`)).toBeVisible();
  await expect(colleague.getByRole("combobox", { name: en("documents.changeStatus") })).toHaveCount(0);
  await expect(colleague.getByRole("button", { name: en("documents.delete") })).toHaveCount(0);
  await colleague.getByRole("tab", { name: en("documents.tabs.details") }).click();
  await expect(colleague.getByRole("textbox", { name: en("documents.fields.name") })).toBeDisabled();
  await expect(colleague.getByRole("button", { name: en("documents.save") })).toHaveCount(0);

  // The server refuses too, whatever the screen shows.
  const csrf = await (await colleague.request.get("/vapp/auth/csrf")).json();
  const id = documentUrl.split("/d/")[1].split("/")[0];
  const response = await colleague.request.post(`/vapp/documents/${id}/status`, {
    headers: { "x-csrf-token": csrf.csrfToken },
    data: { newStatus: "drafting" },
  });
  expect(response.status()).toBe(403);
  await context.close();
});

test("an editor shares a document from its screen, a visitor opens the link, and removing it closes it", async ({
  page,
  browser,
  request,
}) => {
  const editor = await signInFresh(page, request, "share-panel");
  await uploadDocument(page, "Pricing.docx", "Confidential pricing schedule.");
  const id = page.url().split("/d/")[1].split("/")[0];

  await page.getByRole("tab", { name: en("documents.tabs.sharing") }).click();
  await page.getByRole("button", { name: en("shareLinks.newLink") }).click();
  await page
    .getByRole("dialog")
    .getByRole("textbox", { name: en("shareLinks.name") })
    .fill("For the buyer");
  await page
    .getByRole("dialog")
    .getByRole("button", { name: en("shareLinks.create") })
    .click();
  const row = page.getByTestId("share-link-row").filter({ hasText: "For the buyer" });
  await expect(row).toBeVisible();

  const links = (await (await page.request.get(`/vapp/documents/${id}/links`)).json()) as { url: string }[];
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(new URL(links[0].url).pathname);
  await expect(visitor.frameLocator("iframe").getByText("Confidential pricing schedule.")).toBeVisible();

  await row.getByRole("button", { name: en("shareLinks.actions").replace("{name}", "For the buyer") }).click();
  await page.getByRole("menuitem", { name: en("shareLinks.remove") }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: en("shareLinks.remove") })
    .click();
  await expect(row).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByTestId("link-unavailable")).toBeVisible();
  await visitorContext.close();

  // The activity says, in sentences, who shared and that a visitor of that link opened it (the
  // link named though it is gone); the document shown on its screen was no download.
  await page.reload();
  await page.getByRole("tab", { name: en("documents.tabs.activity") }).click();
  const said = (key: string, values: Record<string, string>) =>
    Object.entries(values).reduce((text, [name, value]) => text.replace(`{${name}}`, value), en(`documents.activity.events.${key}`));
  const editorName = `${editor.firstName} ${editor.lastName}`.trim();
  const rows = page.getByTestId("activity-row");
  await expect(rows.filter({ hasText: said("document_created", { actor: editorName }) })).toBeVisible();
  await expect(rows.filter({ hasText: said("link_created", { actor: editorName, name: "For the buyer" }) })).toBeVisible();
  const visitorName = en("documents.activity.actors.linkVisitor").replace("{link}", "For the buyer");
  await expect(rows.filter({ hasText: said("link_accessed", { actor: visitorName }) })).toBeVisible();
  await expect(rows.filter({ hasText: said("link_deleted", { actor: editorName, name: "For the buyer" }) })).toBeVisible();
  // Neither a download nor a raw event name (document.created, link.accessed…).
  await expect(rows.filter({ hasText: /downloaded|\b(document|link|signature|approval)\.[a-z]/ })).toHaveCount(0);
});

test("a member without access asks for it, the owner accepts, and the member opens the document", async ({ page, browser, request }) => {
  const admin = await signInFresh(page, request, "access-owner");
  const documentUrl = await uploadDocument(page, "Board minutes.docx", "Minutes of the board meeting.");
  const { context, colleague } = await joinAsMember(page, browser, request, admin.accountName, "asker");

  await colleague.goto(documentUrl);
  await expect(colleague.getByText(en("documentAccess.request.title"))).toBeVisible();
  await expect(colleague.getByText("Minutes of the board meeting.")).toHaveCount(0);
  await colleague.getByRole("button", { name: en("documentAccess.request.button") }).click();
  await expect(colleague.getByText(en("documentAccess.request.sent"))).toBeVisible();

  await page.goto(documentUrl);
  await page.getByRole("tab", { name: en("documents.tabs.access") }).click();
  await expect(page.getByText(en("documentAccess.requests.title"))).toBeVisible();
  await page.getByRole("button", { name: en("documentAccess.requests.accept") }).click();
  await expect(page.getByText(en("alerts.updated")).first()).toBeVisible();

  await colleague.reload();
  await expect(colleague.getByTestId("document-rendition")).toContainText("Minutes of the board meeting.");
  await expect(colleague.getByText(`Your role: ${en("documents.roles.reader")}`)).toBeVisible();
  await context.close();
});

test("while an editor edits a document's details, a colleague sees who is editing it", async ({ page, browser, request }) => {
  const admin = await signInFresh(page, request, "lock-holder");
  // Members read every document of this workspace (repositoryViewAllDocs).
  await page.goto("/settings/ws/settings");
  await page.getByRole("checkbox", { name: en("workspace.repositoryViewAllDocs") }).check();
  await page.getByRole("button", { name: en("workspace.save") }).click();
  await expect(page.getByText(en("alerts.saved")).first()).toBeVisible();
  const documentUrl = await uploadDocument(page, "Supply.docx", "The supply agreement.");
  const { context, colleague } = await joinAsMember(page, browser, request, admin.accountName, "lock-viewer");

  const id = documentUrl.split("/d/")[1].split("/")[0];
  const holder = async () =>
    ((await (await colleague.request.get(`/vapp/documents/${id}`)).json()) as { lockedBy: { name: string } | null }).lockedBy?.name ?? null;
  const name = `${admin.firstName} ${admin.lastName}`;

  // Opening the Details tab takes the edit lock (asked for until the colleague's API sees it held).
  await page.goto(documentUrl);
  await waitForHydration(page);
  await page.getByRole("tab", { name: en("documents.tabs.details") }).click();
  await expect.poll(holder).toBe(name);

  await colleague.goto(documentUrl);
  await expect(colleague.getByTestId("lock-notice")).toHaveText(en("documents.lockedBy").replace("{name}", name));

  // Leaving the tab releases it, and the name goes.
  await page.getByRole("tab", { name: en("documents.tabs.document") }).click();
  await expect.poll(holder).toBeNull();
  await colleague.reload();
  await expect(colleague.getByTestId("document-rendition")).toContainText("The supply agreement.");
  await expect(colleague.getByTestId("lock-notice")).toHaveCount(0);
  await context.close();
});

test("an editor uploads a new version, views the older one with a notice, and goes back to the latest", async ({ page, request }) => {
  await signInFresh(page, request, "versions");
  const documentUrl = await uploadDocument(page, "Offer.docx", "The first offer.");
  await waitForHydration(page);
  await page.getByRole("tab", { name: en("documents.tabs.versions") }).click();
  await page
    .getByLabel(en("documents.newVersion"))
    .setInputFiles({ name: "Offer v2.docx", mimeType: DOCX, buffer: Buffer.from(makeDocx(["The second offer."])) });
  await expect(page.getByTestId("version-row")).toHaveCount(2);

  await page.getByRole("link", { name: en("documents.viewVersionN").replace("{version}", "1") }).click();
  await page.waitForURL(/\/view\?version=1$/);
  const notice = page.getByTestId("version-notice");
  await expect(notice).toContainText(en("documents.viewingVersion").replace("{version}", "1").replace("{latest}", "2"));
  const rendition = page.getByTestId("document-rendition");
  await expect(rendition).toContainText("The first offer.");
  await expect(rendition).not.toContainText("The second offer.");
  // The header's download follows the version on show.
  await expect(page.getByRole("link", { name: en("documents.download"), exact: true })).toHaveAttribute("href", /\/file\?version=1$/);

  await notice.getByRole("link", { name: en("documents.viewLatest") }).click();
  await page.waitForURL(/\/view$/);
  await expect(page.getByTestId("version-notice")).toHaveCount(0);
  await expect(rendition).toContainText("The second offer.");

  // A version the document does not have is not found.
  const missing = await page.goto(`${documentUrl}?version=9`);
  expect(missing?.status()).toBe(404);
});

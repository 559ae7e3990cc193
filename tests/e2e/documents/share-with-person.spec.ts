import { expect, test, type APIRequestContext } from "@playwright/test";
import { makeDocx } from "../../fixtures/docx";
import { messages } from "../fixtures/messages";
import { emailLink, outboxUrl } from "../fixtures/outbox";
import { acceptTermsThroughApi, createVerifiedUser, csrfToken, signInThroughApi, uniqueEmail, waitForHydration } from "../fixtures/users";
import { markWelcomeTourSeen } from "../fixtures/welcome-tour";

/**
 * The People tab's "Share by email" for someone outside the workspace, and the account setting
 * documentShareExternalAccountMembers that allows it (docs/permissions.md, "People outside the
 * workspace"; lib/documents/share-with-person.ts).
 */
const en = messages("en");
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** Uploads a document through the API with the browser's session (`page.request`). */
async function uploadDocument(request: APIRequestContext, text: string) {
  const upload = await request.post("/vapp/documents", {
    headers: { "x-csrf-token": await csrfToken(request) },
    multipart: { file: { name: "offer.docx", mimeType: DOCX, buffer: Buffer.from(makeDocx([text])) } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  return (await upload.json()) as { id: string; name: string };
}

/** Turns the workspace setting on or off (the administrator's settings screen does the same PUT). */
async function setExternalSharing(request: APIRequestContext, on: boolean) {
  const response = await request.put("/vapp/accounts", {
    headers: { "x-csrf-token": await csrfToken(request) },
    data: { settings: { documentShareExternalAccountMembers: on } },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test("an editor shares a document by email with someone outside the workspace only when the setting allows it", async ({
  page,
  browser,
  request,
}) => {
  const owner = await createVerifiedUser(request, "share-person");
  await signInThroughApi(page, owner.email, owner.password);
  await acceptTermsThroughApi(page);
  await markWelcomeTourSeen(page.request);
  const document = await uploadDocument(page.request, "Offer for an outside client");
  const outsider = uniqueEmail("outside-client");

  const openPeopleTab = async () => {
    await page.goto(`/d/${document.id}/view`);
    await waitForHydration(page);
    await page.getByRole("tab", { name: en("documents.tabs.access") }).click();
    return page.getByTestId("share-by-email");
  };
  const share = async (email: string, role: "reader" | "commenter" | "reviewer" | "editor") => {
    const form = await openPeopleTab();
    await form.getByRole("textbox", { name: en("documentAccess.external.email") }).fill(email);
    await form.getByRole("combobox", { name: en("documentAccess.external.role") }).selectOption({ label: en(`documents.roles.${role}`) });
    await form.getByRole("button", { name: en("documentAccess.external.submit") }).click();
  };

  // Off (the default): refused with a message naming the setting; no person, no email.
  await setExternalSharing(page.request, false);
  await share(outsider, "commenter");
  const refusal = en("documentAccess.external.disabled").replace("{setting}", en("workspace.documentShareExternalAccountMembers"));
  await expect(page.getByText(refusal)).toBeVisible();
  await expect(page.getByTestId("document-access-external")).toHaveCount(0);
  expect(await (await request.get(outboxUrl(outsider))).text()).not.toContain('data-testid="outbox-email"');

  // On: a personal link, listed in the People tab and emailed.
  await setExternalSharing(page.request, true);
  await share(outsider, "commenter");
  await expect(page.getByText(en("documentAccess.external.sent").replace("{email}", outsider.toLowerCase()))).toBeVisible();
  const row = page.getByTestId("document-access-external").filter({ hasText: outsider.toLowerCase() });
  await expect(row).toBeVisible();
  await expect(row.getByText(en("documents.roles.commenter"), { exact: true })).toBeVisible();

  const subject = en("emails.documentShared.subject")
    .replace("{name}", `${owner.firstName} ${owner.lastName}`)
    .replace("{document}", document.name);
  const linkPath = await emailLink(request, outsider, subject, "/s/");

  // The person opens it in their own browser: their address, then the emailed code.
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(linkPath);
  await expect(visitor.getByRole("heading", { name: en("shareLinks.page.protectedTitle") })).toBeVisible();
  await waitForHydration(visitor);
  await visitor.getByRole("textbox", { name: en("shareLinks.page.email") }).fill(outsider);
  await visitor.getByRole("button", { name: en("shareLinks.page.sendCode") }).click();
  let code = "";
  await expect(async () => {
    const html = await (await request.get(outboxUrl(outsider))).text();
    code = html.match(/data-testid="email-code"[^>]*>(\d{6})</)?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);
  }).toPass({ timeout: 15_000 });
  await visitor.getByRole("textbox", { name: en("shareLinks.page.code") }).fill(code);
  await visitor.getByRole("button", { name: en("shareLinks.page.open") }).click();
  await expect(visitor.getByRole("heading", { name: document.name, exact: true })).toBeVisible();
  await expect(visitor.getByText(en("shareLinks.page.role").replace("{role}", en("shareLinks.roles.commenter")))).toBeVisible();
  await expect(visitor.frameLocator("iframe").getByText("Offer for an outside client")).toBeVisible();

  // The editor removes the person's link: gone from the list, and the visitor's page stops working.
  await openPeopleTab();
  await row.getByRole("button", { name: en("documentAccess.external.remove") }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: en("documentAccess.external.remove") })
    .click();
  await expect(page.getByTestId("document-access-external")).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByTestId("link-unavailable")).toContainText(en("shareLinks.page.expired"));
  await context.close();
});

import { expect, test, type APIRequestContext } from "@playwright/test";
import { makeDocx } from "../../fixtures/docx";
import { messages } from "../fixtures/messages";
import { csrfToken, DEMO_USER, signInThroughApi } from "../fixtures/users";

const en = messages("en");

/** Signs the demo administrator in through the API and uploads a document (they own it). */
async function uploadedDocument(request: APIRequestContext) {
  const csrf = await csrfToken(request);
  const signInResponse = await request.post("/vapp/auth/provider/local", {
    headers: { "x-csrf-token": csrf },
    data: { email: DEMO_USER.email, password: DEMO_USER.password },
  });
  expect(signInResponse.ok(), await signInResponse.text()).toBe(true);
  const upload = await request.post("/vapp/documents", {
    headers: { "x-csrf-token": csrf },
    multipart: {
      file: {
        name: "commented.docx",
        mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        buffer: Buffer.from(makeDocx(["Terms to comment on"])),
      },
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  return { csrf, document: (await upload.json()) as { id: string; name: string } };
}

/** Signs the demo administrator in through the API, uploads a document and makes a link with `role`. */
async function sharedDocument(request: APIRequestContext, role: "reader" | "commenter" | "reviewer", linkName: string) {
  const { csrf, document } = await uploadedDocument(request);
  const created = await request.post(`/vapp/documents/${document.id}/links`, {
    headers: { "x-csrf-token": csrf },
    data: { name: linkName, role },
  });
  expect(created.status(), await created.text()).toBe(201);
  const link = (await created.json()) as { id: string; url: string };
  return { document, link };
}

test("a visitor of a commenter link signs a comment with a name, and the owner sees it with the link", async ({
  page,
  browser,
  request,
}) => {
  const linkName = `Supplier review ${Date.now()}`;
  const { document, link } = await sharedDocument(request, "commenter", linkName);
  const visitorName = "Sam Supplier";
  const body = `Clause 3 needs a date ${Date.now()}`;

  // Visitors are often on phones.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(new URL(link.url).pathname);
  await expect(page.getByRole("heading", { name: document.name, exact: true })).toBeVisible();
  const section = page.getByRole("region", { name: en("comments.title") });
  await expect(section).toBeVisible();
  await expect(section.getByText(en("comments.empty"))).toBeVisible();

  // Without a name the comment is not sent, and the name field says why.
  await section.getByRole("textbox", { name: en("comments.newComment") }).fill(body);
  await section.getByRole("button", { name: en("comments.send"), exact: true }).click();
  await expect(section.getByText(en("shareLinks.comments.nameRequired"))).toBeVisible();
  await expect(section.getByRole("textbox", { name: en("shareLinks.comments.name") })).toBeFocused();

  await section.getByRole("textbox", { name: en("shareLinks.comments.name") }).fill(visitorName);
  await section.getByRole("button", { name: en("comments.send"), exact: true }).click();
  const mine = section.getByTestId("comment").filter({ hasText: body });
  await expect(mine).toBeVisible();
  await expect(mine.getByText(en("comments.you").replace("{name}", visitorName))).toBeVisible();
  await expect(mine.getByRole("button", { name: en("comments.edit") })).toBeVisible();
  await expect(section.getByRole("textbox", { name: en("comments.newComment") })).toHaveValue("");

  // The name is remembered on this device.
  await page.reload();
  await expect(
    page.getByRole("region", { name: en("comments.title") }).getByRole("textbox", { name: en("shareLinks.comments.name") }),
  ).toHaveValue(visitorName);
  await expect(page.getByTestId("comment").filter({ hasText: body })).toBeVisible();

  // The owner sees it in the document's comments tab, with the visitor's name and the link.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signInThroughApi(owner, DEMO_USER.email, DEMO_USER.password);
  await owner.goto(`/d/${document.id}/view`);
  await owner.getByRole("tab", { name: en("documents.tabs.comments") }).click();
  const seen = owner.getByRole("tabpanel").getByTestId("comment").filter({ hasText: body });
  await expect(seen).toBeVisible();
  await expect(seen.getByText(visitorName, { exact: true })).toBeVisible();
  await expect(seen.getByText(en("comments.viaLink").replace("{name}", linkName))).toBeVisible();
  // Only the visitor edits it; the owner may delete it.
  await expect(seen.getByRole("button", { name: en("comments.edit") })).toHaveCount(0);
  await expect(seen.getByRole("button", { name: en("comments.delete") })).toBeVisible();
  await ownerContext.close();
});

test("a reader link shows no comments section", async ({ page, request }) => {
  const { document, link } = await sharedDocument(request, "reader", "Read only");
  await page.goto(new URL(link.url).pathname);
  await expect(page.getByRole("heading", { name: document.name, exact: true })).toBeVisible();
  await expect(page.getByTestId("link-comments")).toHaveCount(0);
});

test("a member with the reviewer role or higher writes a suggestion, chosen with the keyboard, and sees it labelled", async ({
  page,
  request,
}) => {
  const { document } = await uploadedDocument(request);
  const body = `Say 30 days, not 60 ${Date.now()}`;

  // The demo administrator owns the document: owner is above reviewer.
  await signInThroughApi(page, DEMO_USER.email, DEMO_USER.password);
  await page.goto(`/d/${document.id}/view`);
  await page.getByRole("tab", { name: en("documents.tabs.comments") }).click();
  const panel = page.getByRole("tabpanel");
  const choice = panel.getByRole("group", { name: en("comments.kindLabel") });
  const asComment = choice.getByRole("radio", { name: en("comments.kindComment"), exact: true });
  const asSuggestion = choice.getByRole("radio", { name: en("comments.suggestion"), exact: true });
  await expect(asComment).toBeChecked();
  await expect(asSuggestion).not.toBeChecked();

  // Arrow keys move the choice within the group.
  await asComment.focus();
  await page.keyboard.press("ArrowDown");
  await expect(asSuggestion).toBeChecked();
  await expect(asSuggestion).toBeFocused();

  await panel.getByRole("textbox", { name: en("comments.newComment") }).fill(body);
  await panel.getByRole("button", { name: en("comments.send"), exact: true }).click();
  const thread = panel.getByTestId("comment-thread").filter({ hasText: body });
  await expect(thread).toBeVisible();
  await expect(thread.getByText(en("comments.suggestion"), { exact: true })).toBeVisible();
  // An editor (here the owner) marks it applied, not resolved.
  await expect(thread.getByRole("button", { name: en("comments.markApplied") })).toBeVisible();
  // The form is ready for a plain comment again.
  await expect(panel.getByRole("textbox", { name: en("comments.newComment") })).toHaveValue("");
  await expect(asComment).toBeChecked();

  const listed = await page.request.get(`/vapp/documents/${document.id}/comments`);
  expect(listed.ok(), await listed.text()).toBe(true);
  expect(((await listed.json()) as { body: string; kind: string }[]).find((c) => c.body === body)?.kind).toBe("suggestion");
});

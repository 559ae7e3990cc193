import { expect, test, type APIRequestContext } from "@playwright/test";
import { makeDocx } from "../../fixtures/docx";
import { messages } from "../fixtures/messages";
import { csrfToken, DEMO_USER, signIn } from "../fixtures/users";

const en = messages("en");

/** Signs the demo administrator in through the API, uploads a document and makes a link with `role`. */
async function sharedDocument(request: APIRequestContext, role: "reader" | "commenter" | "reviewer", linkName: string) {
  const csrf = await csrfToken(request);
  const signInResponse = await request.post("/vapp/auth/provider/local", { headers: { "x-csrf-token": csrf }, data: { email: DEMO_USER.email, password: DEMO_USER.password } });
  expect(signInResponse.ok(), await signInResponse.text()).toBe(true);
  const upload = await request.post("/vapp/documents", {
    headers: { "x-csrf-token": csrf },
    multipart: {
      file: { name: "commented.docx", mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", buffer: Buffer.from(makeDocx(["Terms to comment on"])) },
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const document = (await upload.json()) as { id: string; name: string };
  const created = await request.post(`/vapp/documents/${document.id}/links`, { headers: { "x-csrf-token": csrf }, data: { name: linkName, role } });
  expect(created.status(), await created.text()).toBe(201);
  const link = (await created.json()) as { id: string; url: string };
  return { document, link };
}

test("a visitor of a commenter link signs a comment with a name, and the owner sees it with the link", async ({ page, browser, request }) => {
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
  await expect(page.getByRole("region", { name: en("comments.title") }).getByRole("textbox", { name: en("shareLinks.comments.name") })).toHaveValue(visitorName);
  await expect(page.getByTestId("comment").filter({ hasText: body })).toBeVisible();

  // The owner sees it in the document's comments tab, with the visitor's name and the link.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, DEMO_USER.email, DEMO_USER.password);
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

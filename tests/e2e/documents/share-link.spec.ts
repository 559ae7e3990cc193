import { expect, test, type APIRequestContext } from "@playwright/test";
import { makeDocx } from "../../fixtures/docx";
import { messages } from "../fixtures/messages";
import { outboxUrl } from "../fixtures/outbox";
import { csrfToken, DEMO_USER, uniqueEmail } from "../fixtures/users";

const en = messages("en");

/** Signs the demo administrator in through the API and uploads a document with `text`. */
async function documentOfDemo(request: APIRequestContext, text: string) {
  const csrf = await csrfToken(request);
  const signIn = await request.post("/vapp/auth/provider/local", {
    headers: { "x-csrf-token": csrf },
    data: { email: DEMO_USER.email, password: DEMO_USER.password },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const upload = await request.post("/vapp/documents", {
    headers: { "x-csrf-token": csrf },
    multipart: {
      file: {
        name: "shared.docx",
        mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        buffer: Buffer.from(makeDocx([text])),
      },
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const document = (await upload.json()) as { id: string; name: string };
  const createLink = async (data: Record<string, unknown>) => {
    const response = await request.post(`/vapp/documents/${document.id}/links`, { headers: { "x-csrf-token": csrf }, data });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as { id: string; url: string };
  };
  return { document, createLink };
}

test(
  "a visitor without an account opens a share link, and sees the expired message once it expires",
  { tag: "@smoke" },
  async ({ page, request }) => {
    const { document, createLink } = await documentOfDemo(request, "Hello visitor from the e2e test");
    const expiresAt = Date.now() + 20_000;
    const link = await createLink({ name: "For the visitor", expiredAt: new Date(expiresAt).toISOString() });

    // `page` has its own browser context: no session, no cookies.
    await page.goto(new URL(link.url).pathname);
    await expect(page.getByRole("heading", { name: document.name, exact: true })).toBeVisible();
    await expect(page.getByText(en("shareLinks.page.sharedBy").replace("{account}", DEMO_USER.accountName))).toBeVisible();
    await expect(page.getByRole("button", { name: en("shareLinks.page.download") })).toBeVisible();
    const preview = page.frameLocator(`iframe[title="Preview of ${document.name}"]`);
    await expect(preview.getByText("Hello visitor from the e2e test")).toBeVisible();

    // Tokens stay in this tab's sessionStorage, never in a cookie.
    expect(await page.evaluate(() => Object.keys(sessionStorage))).toContain(`share-link:${link.id}`);
    const cookies = (await page.context().cookies()).map((c) => c.name);
    expect(cookies.filter((name) => name !== "csrf-token" && !/locale|lang/i.test(name))).toEqual([]);

    await page.waitForTimeout(Math.max(0, expiresAt - Date.now() + 500));
    await page.reload();
    await expect(page.getByTestId("link-unavailable")).toContainText(en("shareLinks.page.expired"));
    await expect(page.getByText("Hello visitor from the e2e test")).toHaveCount(0);
  },
);

test("a secure link asks for an allowed address and the emailed code", async ({ page, request }) => {
  const { document, createLink } = await documentOfDemo(request, "Only for partners");
  const link = await createLink({ name: "Partners", isSecure: true, allowList: ["example.com"], role: "commenter" });
  const visitor = uniqueEmail("link-visitor");

  await page.goto(new URL(link.url).pathname);
  await expect(page.getByRole("heading", { name: en("shareLinks.page.protectedTitle") })).toBeVisible();
  const emailBox = page.getByRole("textbox", { name: en("shareLinks.page.email") });
  await emailBox.fill("intruder@elsewhere.test");
  await page.getByRole("button", { name: en("shareLinks.page.sendCode") }).click();
  await expect(page.getByText(en("shareLinks.page.addressRefused"))).toBeVisible();

  await emailBox.fill(visitor);
  await page.getByRole("button", { name: en("shareLinks.page.sendCode") }).click();
  await expect(page.getByText(en("shareLinks.page.codeIntro").replace("{email}", visitor.toLowerCase()))).toBeVisible();

  let code = "";
  await expect(async () => {
    const html = await (await request.get(outboxUrl(visitor))).text();
    code = html.match(/data-testid="email-code"[^>]*>(\d{6})</)?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);
  }).toPass({ timeout: 15_000 });

  await page.getByRole("textbox", { name: en("shareLinks.page.code") }).fill(code);
  await page.getByRole("button", { name: en("shareLinks.page.open") }).click();
  await expect(page.getByRole("heading", { name: document.name, exact: true })).toBeVisible();
  await expect(page.getByText(en("shareLinks.page.role").replace("{role}", en("shareLinks.roles.commenter")))).toBeVisible();
  await expect(page.frameLocator("iframe").getByText("Only for partners")).toBeVisible();

  // A reload keeps the visit (sessionStorage) without asking again.
  await page.reload();
  await expect(page.frameLocator("iframe").getByText("Only for partners")).toBeVisible();
});

import { expect, test } from "@playwright/test";
import { messages } from "../fixtures/messages";
import { acceptTermsThroughApi, createVerifiedUser, signInThroughApi } from "../fixtures/users";

const en = messages("en");

test("an administrator creates an API token, sees its key once, the public API answers with it and counts the use, and stops once it is revoked", async ({
  page,
  request,
  playwright,
}) => {
  const user = await createVerifiedUser(request, "api-tokens");
  await signInThroughApi(page, user.email, user.password);
  await acceptTermsThroughApi(page);
  await page.goto("/settings/ws/integrations");

  await page.getByRole("textbox", { name: en("apiTokens.name") }).fill("CRM sync");
  await page.getByRole("button", { name: en("apiTokens.create") }).click();
  const keyBox = page.getByRole("textbox", { name: en("apiTokens.key") });
  const key = await keyBox.inputValue();
  expect(key.length).toBeGreaterThan(20);
  await page.getByRole("button", { name: en("apiTokens.done") }).click();
  await expect(keyBox).toHaveCount(0);
  const row = page.getByTestId("token-row").filter({ hasText: "CRM sync" });
  await expect(row).toContainText(en("apiTokens.never"));
  // The list shows only the key's beginning, never the key.
  await expect(row).not.toContainText(key);

  // A client without a browser session: only the api-key header.
  const client = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  expect((await client.get("/v1/templates")).status()).toBe(401);
  const listed = await client.get("/v1/templates?size=5", { headers: { "api-key": key } });
  expect(listed.status()).toBe(200);
  expect(await listed.json()).toMatchObject({ page: 1, items: expect.any(Array) });

  await page.reload();
  await expect(row.getByTestId("token-uses")).toHaveText("1");
  await expect(row).not.toContainText(en("apiTokens.never"));

  await row.getByRole("button", { name: en("apiTokens.revoke") }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: en("apiTokens.revoke") })
    .click();
  await expect(row).toContainText(en("apiTokens.revoked"));
  expect((await client.get("/v1/templates", { headers: { "api-key": key } })).status()).toBe(401);
  await client.dispose();
});

import { expect, test } from "@playwright/test";
import { signInFresh } from "../fixtures/fresh-user";
import { messages } from "../fixtures/messages";

/**
 * Addresses typed or pasted wrong, or made to break things, answer like any unknown address or
 * list: never the framework's bare "Internal Server Error".
 * - A path whose percent-escapes are not UTF-8 (`%FF`, an overlong `%C0%AF`, half a surrogate
 *   pair `%ED%A0%80`) on a screen with an id in its path: Next answered 500 before matching it
 *   (vercel/next.js#92527); the proxy now shows the not-found screen, in the visitor's language.
 * - A page number past any list (`?page=1e309`): the first page.
 */
const es = messages("es");
const en = messages("en");
const BROKEN = ["%FF", "%C0%AF", "%ED%A0%80"];

test("a path that does not decode is the not-found screen, for a person without an account too", async ({ browser }) => {
  const context = await browser.newContext({ locale: "es-ES" });
  const page = await context.newPage();
  for (const path of BROKEN.flatMap((bad) => [`/s/${bad}`, `/login/${bad}`, `/d/${bad}/view`])) {
    const response = await page.goto(path);
    expect(response!.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: es("common.notFoundTitle") }), path).toBeVisible();
  }
  await context.close();
});

test("signed in, the same for a document's or a template's screen and the API, and a page number past any list", async ({
  page,
  request,
}) => {
  await signInFresh(page, request, "hostile-address");
  for (const path of BROKEN.flatMap((bad) => [`/d/${bad}`, `/d/${bad}/view`, `/t/${bad}/view`])) {
    const response = await page.goto(path);
    expect(response!.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: en("common.notFoundTitle") }), path).toBeVisible();
  }
  for (const path of BROKEN.map((bad) => `/vapp/documents/${bad}`)) expect((await page.request.get(path)).status(), path).toBe(404);

  const members = await page.goto("/settings/ws/users?page=1e309");
  expect(members!.status()).toBe(200);
  await expect(page.getByRole("table")).toBeVisible();
});

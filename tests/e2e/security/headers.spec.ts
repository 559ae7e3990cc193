import { expect, test, type Page } from "@playwright/test";
import { makeTextPdf } from "../../fixtures/pdf";
import { signInFresh } from "../fixtures/fresh-user";
import { messages } from "../fixtures/messages";
import { uploadDocument } from "../fixtures/upload-document";
import { csrfToken } from "../fixtures/users";

/**
 * The security headers of docs/security-headers.md on real answers of the production build, and
 * the screens still working under the page policy: no script, style, frame or image refused.
 */
const en = messages("en");

const directive = (csp: string, name: string) =>
  csp
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `) || d === name);
const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(directive(csp, "script-src") ?? "")?.[1];

function expectCommon(response: { headers(): Record<string, string> }, path: string) {
  const headers = response.headers();
  expect(headers["x-content-type-options"], path).toBe("nosniff");
  expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"], path).toBe("DENY");
  expect(directive(headers["content-security-policy"] ?? "", "frame-ancestors"), path).toBe("frame-ancestors 'none'");
  // Served over http here: no HSTS.
  expect(headers["strict-transport-security"], path).toBeUndefined();
}

/** Every CSP report of the page: the browser's console message and the DOM event. */
async function watchPolicy(page: Page): Promise<string[]> {
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to|CSP violation/i.test(message.text())) refused.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return refused;
}

test("pages get a nonce policy that Next's scripts carry, APIs the strict one", async ({ request }) => {
  const login = await request.get("/login");
  expect(login.status()).toBe(200);
  expectCommon(login, "/login");
  const csp = login.headers()["content-security-policy"];
  const scriptSrc = directive(csp, "script-src")!;
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  for (const name of ["default-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"]) expect(csp).toContain(name);
  const nonce = nonceOf(csp)!;
  expect(nonce).toBeTruthy();
  // Every script of the page, Next's inline payload included, carries this answer's nonce.
  const html = await login.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  expect(nonceOf((await request.get("/login")).headers()["content-security-policy"])).not.toBe(nonce);

  const csrf = await request.get("/vapp/auth/csrf");
  expect(csrf.ok()).toBe(true);
  expectCommon(csrf, "/vapp/auth/csrf");
  expect(csrf.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");

  const token = await csrfToken(request);
  const graphql = await request.post("/graphql", { headers: { "x-csrf-token": token }, data: { query: "{ __typename }" } });
  expect(graphql.ok(), await graphql.text()).toBe(true);
  expectCommon(graphql, "/graphql");
  expect(graphql.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  const graphqlGet = await request.get("/graphql?query=%7B__typename%7D");
  expectCommon(graphqlGet, "GET /graphql");
  expect(graphqlGet.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");

  const openapi = await request.get("/v1/openapi.json");
  expectCommon(openapi, "/v1/openapi.json");

  // Share pages send no referrer at all.
  const share = await request.get("/s/no-such-link");
  expect(share.headers()["referrer-policy"]).toBe("no-referrer");
  expect(nonceOf(share.headers()["content-security-policy"])).toBeTruthy();
});

test("signing in, /docs, a Word document, a PDF and its share link work under the policy", async ({ page, request }) => {
  const refused = await watchPolicy(page);
  await signInFresh(page, request, "csp");

  const docs = await page.goto("/docs");
  const csp = docs!.headers()["content-security-policy"];
  expect(nonceOf(csp)).toBeTruthy();
  expect(directive(csp, "script-src")).not.toMatch(/'unsafe-(inline|eval)'/);
  expectCommon(docs!, "/docs");
  await expect(page.getByRole("button", { name: en("documents.upload") })).toBeVisible();

  // A Word document: its rendition is HTML of ours, shown in the page.
  await uploadDocument(page, "Policy test.docx", "Rendered under the policy.");
  await expect(page.getByTestId("document-rendition")).toContainText("Rendered under the policy.");

  // A PDF: shown in an iframe of our own file route, which our page may frame and which runs nothing.
  await page.goto("/docs");
  await page.getByRole("button", { name: en("documents.upload") }).click();
  const pdf = Buffer.from(await makeTextPdf([["A PDF under the policy."]]));
  await page
    .getByRole("dialog")
    .getByLabel(en("documents.files"))
    .setInputFiles({ name: "Policy test.pdf", mimeType: "application/pdf", buffer: pdf });
  const inlineFile = page.waitForResponse((response) => response.url().includes("/file?inline=1"));
  await page
    .getByRole("dialog")
    .getByRole("button", { name: en("documents.uploadButton") })
    .click();
  await page.waitForURL(/\/d\/[^/]+\/view$/);
  const shown = await inlineFile;
  expect(shown.status()).toBe(200);
  // The server's own answer: Chromium hands the frame's PDF to its viewer and reports its headers rewritten.
  const shownHeaders = (await page.request.get(shown.url())).headers();
  expect(shownHeaders["content-type"]).toBe("application/pdf");
  expect(shownHeaders["content-disposition"]).toMatch(/^inline; /);
  expect(shownHeaders["x-content-type-options"]).toBe("nosniff");
  expect(shownHeaders["x-frame-options"]).toBe("SAMEORIGIN");
  expect(shownHeaders["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'self'; sandbox");
  await expect(page.locator('iframe[src*="/file?inline=1"]')).toBeVisible();
  const documentId = new URL(page.url()).pathname.split("/")[2];

  // The same file as a download: an attachment, never shown.
  const download = await page.request.get(`/vapp/documents/${documentId}/file`);
  expect(download.headers()["content-disposition"]).toMatch(/^attachment; filename="Policy test.pdf"/);
  expect(download.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");

  // Its share link: the visitor's page shows the PDF from a blob: address in an iframe (no plugins).
  const token = await csrfToken(page.request);
  const created = await page.request.post(`/vapp/documents/${documentId}/links`, {
    headers: { "x-csrf-token": token },
    data: { name: "Policy" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { url } = (await created.json()) as { url: string };
  const visitor = await page.context().browser()!.newPage();
  const visitorRefused = await watchPolicy(visitor);
  await visitor.goto(new URL(url).pathname);
  await expect(visitor.getByRole("heading", { name: /Policy test/ })).toBeVisible();
  await expect(visitor.locator('iframe[src^="blob:"]')).toBeVisible();
  await visitor.close();

  expect(refused, refused.join("\n")).toEqual([]);
  expect(visitorRefused, visitorRefused.join("\n")).toEqual([]);
});

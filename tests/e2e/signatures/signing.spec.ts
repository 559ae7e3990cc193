import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import { kb, measurePage } from "../../../scripts/first-load.mjs";
import { makeTextPdf } from "../../fixtures/pdf";
import { signInFresh } from "../fixtures/fresh-user";
import { messages } from "../fixtures/messages";
import { outboxUrl, toPath } from "../fixtures/outbox";
import { uniqueEmail } from "../fixtures/users";

/**
 * Signing (issue 16): the owner uploads a PDF, adds two signers in order, places a signature
 * box and sends; the first signer opens the outbox link at a phone's size in a context with no
 * account and signs by drawing with the pointer; the second types. /thanks tells the first that
 * their signature is recorded (with what they signed to download) and the last that everyone has
 * signed; a tampered token lands on /sign/failed.
 */
const en = messages("en");
const PHONE = { width: 390, height: 844 };
const PDFSIG = "/usr/bin/pdfsig";
const run = promisify(execFile);

/** The /sign link of the newest signature request to `to`, read from the outbox over HTTP. */
async function signLink(request: APIRequestContext, to: string): Promise<string> {
  let link = "";
  await expect(async () => {
    const html = await (await request.get(outboxUrl(to))).text();
    const match = html.match(/href="(http[^"]*\/sign\?signed=[^"]+)"/);
    expect(match, `a signing link to ${to}`).toBeTruthy();
    link = toPath(match![1].replace(/&amp;/g, "&"));
  }).toPass({ timeout: 15_000 });
  return link;
}

const phone = (browser: Browser) => browser.newContext({ viewport: PHONE, hasTouch: true, locale: "en-US" });

test("two signers sign in order from their phones: one draws, one types", { tag: "@smoke" }, async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  await signInFresh(page, request, "signing-owner");
  // The owner uploads a PDF.
  await page.goto("/docs");
  await page.getByRole("button", { name: en("documents.upload") }).click();
  const pdf = await makeTextPdf([["Service agreement. Clause 1: the parties agree."], ["Clause 2: signatures below."]]);
  await page
    .getByRole("dialog")
    .getByLabel(en("documents.files"))
    .setInputFiles({ name: "agreement.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdf) });
  await page
    .getByRole("dialog")
    .getByRole("button", { name: en("documents.uploadButton") })
    .click();
  await page.waitForURL(/\/d\/[^/]+\/view$/);
  await page.getByRole("tab", { name: en("documents.tabs.signatures") }).click();

  // Two signers in order.
  const first = uniqueEmail("signer-one");
  const second = uniqueEmail("signer-two");
  for (const [email, name, order] of [
    [first, "Olga", "1"],
    [second, "Pau", "2"],
  ] as const) {
    const form = page.getByRole("form", { name: en("signing.panel.addSigner") });
    // The panel re-reads its lists on each live event: a form cleared by that re-read mid-typing is filled again.
    await expect(async () => {
      if (await page.getByTestId("signer").filter({ hasText: email }).count()) return;
      await form.getByLabel(en("signing.panel.firstName")).fill(name);
      await form.getByLabel(en("signing.panel.email")).fill(email);
      await form.getByLabel(en("signing.panel.order")).fill(order);
      await form.getByRole("button", { name: en("signing.panel.addSigner") }).click();
      await expect(page.getByTestId("signer").filter({ hasText: email })).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
  }

  // A signature box for the first signer, dragged with the pointer and nudged with the keyboard.
  await page.getByRole("button", { name: en("signing.panel.addSignatureBox") }).click();
  const box = page.getByTestId("placement-signature");
  await expect(box).toBeVisible();
  // The page's image gives the area its height: before it loads, a box cannot move down.
  const pageImage = box.locator("xpath=..").locator("img");
  await expect.poll(() => pageImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalHeight > 0)).toBe(true);
  // The box's place on the page image, as a share of its height: focusing the box may scroll the
  // screen, which moves both, and a scroll bar that comes or goes rescales the image and the box.
  const onPage = async () => {
    const [boxArea, imageArea] = [(await box.boundingBox())!, (await pageImage.boundingBox())!];
    return (boxArea.y - imageArea.y) / imageArea.height;
  };
  const startOnPage = await onPage();
  // The panel's live re-reads may shift the screen between reading the box's place and pressing on
  // it: a press that missed the box is made again where the box now is. The box is brought to the
  // middle of the screen first: the pointer reaches nothing below the fold, and the drag goes 120 px down.
  await expect(async () => {
    await box.evaluate((element) => element.scrollIntoView({ block: "center" }));
    const start = (await box.boundingBox())!;
    await page.mouse.move(start.x + 10, start.y + 10);
    await page.mouse.down();
    await page.mouse.move(start.x + 40, start.y + 120, { steps: 5 });
    await page.mouse.up();
    expect(await onPage()).toBeGreaterThan(startOnPage + 0.05);
  }).toPass({ timeout: 20_000 });
  // One arrow press moves it a hundredth of the page; pressed again if a re-read took the focus.
  const draggedOnPage = await onPage();
  await expect(async () => {
    await box.focus();
    await page.keyboard.press("ArrowDown");
    expect(await onPage()).toBeGreaterThan(draggedOnPage + 0.005);
  }).toPass({ timeout: 10_000 });
  await page.getByRole("button", { name: en("signing.panel.savePlacement") }).click();
  await expect(page.getByText(en("signing.panel.saved"))).toBeVisible();

  // Pau has no signature box: sending asks whether to place it or to have the signatures on the certificate only.
  await page.getByRole("button", { name: en("signing.panel.send") }).click();
  const ask = page.getByRole("dialog", { name: en("signing.panel.unplaced.title") });
  await expect(ask).toContainText("Pau");
  await ask.getByRole("button", { name: en("signing.panel.unplaced.certificateOnly") }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByTestId("signer").filter({ hasText: first }).getByTestId("signer-state")).toHaveAttribute(
    "data-state",
    "requested",
  );
  await expect(page.getByTestId("signer").filter({ hasText: second }).getByTestId("signer-state")).toHaveAttribute("data-state", "created");

  // The owner sees the request email's status, and reminds the first signer with the link they already have.
  const row1 = page.getByTestId("signer").filter({ hasText: first });
  await expect(row1.locator('[data-testid="signer-email"][data-kind="request"]')).toHaveAttribute("data-status", "sent");
  await expect(row1.getByTestId("signer-viewed")).toHaveAttribute("data-viewed", "no");
  const requestLink = await signLink(request, first);
  await row1.getByRole("button", { name: en("signing.panel.remindNow") }).click();
  await expect(page.getByText(en("signing.panel.reminded").replace("{email}", first))).toBeVisible();
  await expect(row1.locator('[data-testid="signer-email"][data-kind="reminder"]')).toHaveAttribute("data-status", "sent");
  // Send again asks first: it would end the link the signer holds.
  await row1.getByRole("button", { name: en("signing.panel.resend") }).click();
  await expect(page.getByRole("dialog").getByText(en("signing.panel.resendMessage").replace("{email}", first))).toBeVisible();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: en("common.cancel") })
    .click();

  // Signer 1, on a phone, no account: draws with the pointer, from the reminder (the newest email: the same link).
  const link1 = await signLink(request, first);
  expect(link1).toBe(requestLink);
  // The signer's page ships little JavaScript (issue 16: at most 150 KB gzip with the runtime), and no zod.
  const size = await measurePage(async (path: string) => (await request.get(path, { headers: { cookie: "" } })).text(), link1);
  test.info().annotations.push({ type: "first-load", description: `/sign: ${kb(size.gzip)} KB gzip in ${size.scripts.length} scripts` });
  expect(size.scripts.length).toBeGreaterThan(3);
  expect(size.zodScripts).toEqual([]);
  expect(size.gzip / 1000).toBeLessThanOrEqual(150);
  const one = await phone(browser);
  const signer1 = await one.newPage();
  await signer1.goto(link1);
  await expect(signer1.getByRole("heading", { level: 1 })).toContainText("agreement");
  await expect(signer1.getByTestId("box-signature")).toBeVisible();
  const pad = signer1.getByTestId("signature-pad");
  await pad.scrollIntoViewIfNeeded();
  const area = (await pad.boundingBox())!;
  await signer1.mouse.move(area.x + 20, area.y + area.height / 2);
  await signer1.mouse.down();
  for (let i = 1; i <= 8; i++) await signer1.mouse.move(area.x + 20 + i * 25, area.y + area.height / 2 + (i % 2 ? -25 : 25));
  await signer1.mouse.up();
  await signer1.getByRole("button", { name: en("signing.sign.submit"), exact: true }).click();
  // The document is not signed by everyone yet: /thanks says the signature is recorded and offers what they signed.
  await signer1.waitForURL(/\/thanks\?signed=/);
  await expect(signer1.getByRole("heading", { name: en("signing.thanks.recordedTitle") })).toBeVisible();
  const mine = signer1.getByTestId("download-signed");
  await expect(mine).toHaveText(en("signing.thanks.downloadSigned"));
  const signedCopy = await signer1.request.get((await mine.getAttribute("href"))!);
  expect(signedCopy.status()).toBe(200);
  expect(signedCopy.headers()["content-type"]).toContain("application/pdf");
  // The link is used: opening it again explains so.
  await signer1.goto(link1);
  await signer1.waitForURL(/\/sign\/failed\?reason=completed$/);
  await one.close();

  // Signer 2 was asked when signer 1 signed: types their name.
  const link2 = await signLink(request, second);
  const two = await phone(browser);
  const signer2 = await two.newPage();
  // A tampered token lands on the failed-link page.
  await signer2.goto(`${link2.slice(0, -3)}${link2.endsWith("AAA") ? "BBB" : "AAA"}`);
  await signer2.waitForURL(/\/sign\/failed\?reason=invalid$/);
  await expect(signer2.getByTestId("failed-reason")).toHaveText(en("signing.failed.invalid"));
  await signer2.goto(link2);
  await signer2.getByRole("tab", { name: en("signing.sign.tabType") }).click();
  await signer2.getByLabel(en("signing.sign.typeLabel")).fill("Pau Signer");
  await signer2.getByRole("button", { name: en("signing.sign.submit"), exact: true }).click();
  await signer2.waitForURL(/\/thanks\?signed=/);
  await expect(signer2.getByRole("heading", { name: en("signing.thanks.title") })).toBeVisible();
  await two.close();

  // The owner's page, open all along and never reloaded, shows both signed as they happen.
  for (const email of [first, second])
    await expect(page.getByTestId("signer").filter({ hasText: email }).getByTestId("signer-state")).toHaveAttribute("data-state", "signed");

  // The server's queue seals it: the sealed copy is version 2, and pdfsig finds its signature valid.
  await page.getByRole("tab", { name: en("documents.tabs.versions") }).click();
  const sealedLink = page.getByRole("link", { name: en("documents.downloadVersionN").replace("{version}", "2") });
  await expect(async () => {
    await page.reload();
    await page.getByRole("tab", { name: en("documents.tabs.versions") }).click();
    await expect(sealedLink).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  const downloading = page.waitForEvent("download");
  await sealedLink.click();
  const sealedPath = (await (await downloading).path())!;
  expect((await readFile(sealedPath)).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  if (existsSync(PDFSIG)) expect((await run(PDFSIG, [sealedPath])).stdout).toContain("Signature is Valid");
});

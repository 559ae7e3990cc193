import { expect, test } from "@playwright/test";
import { makeTextPdf } from "../../fixtures/pdf";
import { signInFresh } from "../fixtures/fresh-user";
import { messages } from "../fixtures/messages";
import { memberApi, signLink } from "../fixtures/signing";
import { uniqueEmail } from "../fixtures/users";

/**
 * The signing details of issue 39, item 10: in the placement editor each signer's boxes have
 * their own colour and a new box does not land on the last one; the signing page links the
 * app's terms (TERMS_URL) in a new tab, and shows no link when none is set; the app's icon is
 * served to a visitor without an account.
 */
const en = messages("en");

test("two signers' boxes differ in colour and place; the signing page links the terms; the icon is served", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInFresh(page, request, "placement-owner");
  const api = memberApi(page);
  const pdf = await makeTextPdf([["Lease. Clause 1: the parties agree."]]);
  const document = await api.upload({ name: "lease.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdf) });
  const [ana, joan] = [uniqueEmail("ana"), uniqueEmail("joan")];
  await api.call("POST", "/vapp/signatures", { documentId: document.id, email: ana, firstName: "Ana" });
  await api.call("POST", "/vapp/signatures", { documentId: document.id, email: joan, firstName: "Joan" });

  await page.goto(`/d/${document.id}/view`);
  await page.getByRole("tab", { name: en("documents.tabs.signatures") }).click();
  const editor = page.locator('section[aria-labelledby="placement-title"]');
  const signer = editor.getByRole("combobox", { name: en("signing.panel.boxFor"), exact: true });
  const boxes = editor.getByTestId("placement-signature");
  // The page's image gives the boxes their size and place: compared once it has loaded.
  const pageImage = editor.locator("img").first();
  await expect
    .poll(() => pageImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalHeight > 0), { timeout: 30_000 })
    .toBe(true);
  for (const [name, count] of [
    ["Ana", 1],
    ["Joan", 2],
  ] as const) {
    await signer.selectOption({ label: name });
    await editor.getByRole("button", { name: en("signing.panel.addSignatureBox") }).click();
    await expect(boxes).toHaveCount(count);
  }
  const look = (index: number) =>
    boxes.nth(index).evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return { colour: getComputedStyle(element).borderTopColor, text: element.textContent ?? "", ...rect.toJSON() } as {
        colour: string;
        text: string;
        top: number;
        bottom: number;
        left: number;
        right: number;
      };
    });
  const [first, second] = [await look(0), await look(1)];
  // Each named on its box, each in its own colour, and the second not on top of the first.
  expect(first.text).toContain("Ana");
  expect(second.text).toContain("Joan");
  expect(second.colour).not.toBe(first.colour);
  expect(first.bottom).toBeGreaterThan(first.top);
  const apart = second.top >= first.bottom || second.bottom <= first.top || second.left >= first.right || second.right <= first.left;
  expect(apart, `${JSON.stringify(first)} and ${JSON.stringify(second)} do not overlap`).toBe(true);
  await editor.getByRole("button", { name: en("signing.panel.savePlacement") }).click();
  await expect(editor.getByText(en("signing.panel.saved"))).toBeVisible();

  // Sent: Ana, first, opens her link with no account.
  await api.call("POST", "/vapp/signatures/request", { documentId: document.id });
  const link = await signLink(request, ana);
  const visitor = await browser.newContext({ locale: "en-US" });
  const signing = await visitor.newPage();
  await signing.goto(link);
  await expect(signing.getByRole("heading", { level: 1 })).toContainText("lease");
  const terms = signing.getByRole("link", { name: en("signing.sign.termsLink") });
  if (process.env.TERMS_URL) {
    await expect(terms).toHaveAttribute("href", new URL(process.env.TERMS_URL).toString());
    await expect(terms).toHaveAttribute("target", "_blank");
    await expect(terms).toHaveAttribute("rel", /noreferrer/);
  } else {
    // No terms published: no dead link.
    await expect(terms).toHaveCount(0);
  }

  // The icon: declared in the page's head and served without a session.
  const icons = await signing.locator('head link[rel="icon"]').evaluateAll((links) => links.map((l) => l.getAttribute("href") ?? ""));
  expect(icons.length).toBeGreaterThan(0);
  for (const href of icons) {
    const response = await visitor.request.get(href, { maxRedirects: 0 });
    expect(response.status(), href).toBe(200);
    expect(response.headers()["content-type"], href).toMatch(/^image\//);
  }
  await visitor.close();
});

test('"you will get an email when it is your turn" shows only while it is true', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  await signInFresh(page, request, "turn-owner");
  const api = memberApi(page);
  const pdf = await makeTextPdf([["Loan. Clause 1: the parties agree."]]);
  const document = await api.upload({ name: "loan.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdf) });
  const [ana, joan] = [uniqueEmail("ana"), uniqueEmail("joan")];
  await api.call("POST", "/vapp/signatures", { documentId: document.id, email: ana, firstName: "Ana", order: 1 });
  await api.call("POST", "/vapp/signatures", { documentId: document.id, email: joan, firstName: "Joan", order: 2 });
  // Both asked at once, then back to ordered: Joan holds a link before her turn has come.
  await api.call("PUT", "/vapp/signing-settings", { documentId: document.id, signProcess: "parallel" });
  await api.call("POST", "/vapp/signatures/request", { documentId: document.id, signaturesOnCertificate: true });
  await api.call("PUT", "/vapp/signing-settings", { documentId: document.id, signProcess: "ordered" });
  const link = await signLink(request, joan);
  const visitor = await browser.newContext({ locale: "en-US" });
  const joanPage = await visitor.newPage();
  await joanPage.goto(link);
  await joanPage.waitForURL(/\/sign\/failed\?reason=notYourTurn&signed=/);
  await expect(joanPage.getByTestId("failed-reason")).toHaveText(en("signing.failed.notYourTurn"));
  const failed = joanPage.url();
  // Parallel again: the same page, opened later, is no longer true and sends her to sign.
  await api.call("PUT", "/vapp/signing-settings", { documentId: document.id, signProcess: "parallel" });
  await joanPage.goto(failed);
  await joanPage.waitForURL(/\/sign\?signed=/);
  await expect(joanPage.getByRole("heading", { level: 1 })).toContainText("loan");
  // Without the link's token the page cannot know, and promises nothing.
  await joanPage.goto("/sign/failed?reason=notYourTurn");
  await expect(joanPage.getByTestId("failed-reason")).toHaveText(en("signing.failed.notYet"));
  await visitor.close();
});

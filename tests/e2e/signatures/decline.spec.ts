import { expect, test } from "@playwright/test";
import { makeTextPdf } from "../../fixtures/pdf";
import { signInFresh } from "../fixtures/fresh-user";
import { messages } from "../fixtures/messages";
import { memberApi, signLink } from "../fixtures/signing";
import { uniqueEmail } from "../fixtures/users";

/**
 * Declining (issue 16): a signer opens their link on a phone with no account and declines with a
 * reason; they are told the sender knows; the owner's Signatures tab, open all along, shows the
 * decline and its reason without a reload; the link is used up (/sign/failed, completed) and
 * /thanks for the unsigned document goes to /out.
 */
const en = messages("en");

test("a signer declines with a reason, and the owner sees it live", async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  await signInFresh(page, request, "decline-owner");
  const api = memberApi(page);
  const pdf = Buffer.from(await makeTextPdf([["Lease agreement. Clause 1: rent."]]));
  const document = await api.upload({ name: "lease.pdf", mimeType: "application/pdf", buffer: pdf });
  const signer = uniqueEmail("decliner");
  await api.call("POST", "/vapp/signatures", { documentId: document.id, firstName: "Dora", lastName: "Decliner", email: signer });
  await api.call("POST", "/vapp/signatures/request", { documentId: document.id, signaturesOnCertificate: true });

  // The owner watches the Signatures tab.
  await page.goto(`/d/${document.id}/view`);
  await page.getByRole("tab", { name: en("documents.tabs.signatures") }).click();
  const row = page.getByTestId("signer").filter({ hasText: signer.toLowerCase() });
  await expect(row.getByTestId("signer-state")).toHaveAttribute("data-state", "requested");

  // The signer, on a phone with no account, declines with a reason.
  const link = await signLink(request, signer);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, locale: "en-US" });
  const signerPage = await phone.newPage();
  await signerPage.goto(link);
  await expect(signerPage.getByRole("heading", { level: 1 })).toContainText("lease");
  await signerPage.getByRole("button", { name: en("signing.sign.decline") }).click();
  await signerPage.getByLabel(en("signing.sign.declineReason")).fill("The rent in clause 1 is not what we agreed.");
  await signerPage.getByRole("button", { name: en("signing.sign.declineConfirm"), exact: true }).click();
  await expect(signerPage.getByRole("status")).toHaveText(en("signing.sign.declined"));

  // The owner's tab shows the decline and the reason, with no reload.
  await expect(row.getByTestId("signer-state")).toHaveAttribute("data-state", "declined");
  await expect(row).toContainText(en("signing.panel.declineReason").replace("{reason}", "The rent in clause 1 is not what we agreed."));

  // The link is used up, and there is nothing to thank for.
  await signerPage.goto(link);
  await signerPage.waitForURL(/\/sign\/failed\?reason=completed$/);
  await expect(signerPage.getByTestId("failed-reason")).toHaveText(en("signing.failed.completed"));
  await signerPage.goto(`/thanks?${link.split("?")[1]}`);
  await signerPage.waitForURL(/\/out$/);
  await expect(signerPage.getByRole("heading", { name: en("signing.out.title") })).toBeVisible();
  await phone.close();
});

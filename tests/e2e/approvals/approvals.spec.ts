import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { makeDocx } from "../../fixtures/docx";
import { messages } from "../fixtures/messages";
import { emailLink } from "../fixtures/outbox";
import { acceptTermsThroughApi, createVerifiedUser, csrfToken, signInThroughApi, uniqueEmail, waitForHydration } from "../fixtures/users";
import { markWelcomeTourSeen } from "../fixtures/welcome-tour";

/**
 * Approvals end to end (issue 16; docs/approvals-and-signatures.md): the owner adds a colleague and
 * an outside lawyer in order and sends; each approves from the link in their email, the lawyer in
 * a browser with no account after writing in the thread; the owner sees the document approved; a
 * tampered or used link lands on the failed-link page.
 */
const en = messages("en");
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

async function uploadDocument(request: APIRequestContext, text: string) {
  const upload = await request.post("/vapp/documents", {
    headers: { "x-csrf-token": await csrfToken(request) },
    multipart: { file: { name: "services.docx", mimeType: DOCX, buffer: Buffer.from(makeDocx([text])) } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  return (await upload.json()) as { id: string; name: string };
}

async function openApprovals(page: Page, documentId: string) {
  await page.goto(`/d/${documentId}/view`);
  await waitForHydration(page);
  await page.getByRole("tab", { name: en("documents.tabs.approvals") }).click();
  const panel = page.getByTestId("approvals-panel");
  await expect(panel).toBeVisible();
  return panel;
}

const approver = (page: Page, email: string) => page.getByTestId("approver").filter({ hasText: email.toLowerCase() });

test(
  "an owner sends a contract for approval to a colleague and an outside lawyer, in order, and both approve from their links",
  { tag: "@smoke" },
  async ({ page, browser, request }) => {
    const owner = await createVerifiedUser(request, "approvals-owner");
    await signInThroughApi(page, owner.email, owner.password);
    await acceptTermsThroughApi(page);
    await markWelcomeTourSeen(page.request);

    // A colleague joins the workspace as a Member.
    const colleagueEmail = uniqueEmail("approvals-colleague");
    await page.goto("/settings/ws/users");
    await waitForHydration(page);
    await page.getByRole("textbox", { name: en("members.emails") }).fill(colleagueEmail);
    await page.getByRole("combobox", { name: en("members.role"), exact: true }).selectOption({ label: en("roles.Member") });
    await page.getByRole("button", { name: en("members.send") }).click();
    await expect(page.getByTestId("member-row").filter({ hasText: colleagueEmail })).toContainText(en("members.statuses.invited"));
    const invitation = await emailLink(request, colleagueEmail, `You have been invited to ${owner.accountName}`, "/invite");
    const colleagueContext = await browser.newContext();
    const colleague = await colleagueContext.newPage();
    await colleague.goto(invitation);
    await waitForHydration(colleague);
    await colleague.getByRole("textbox", { name: en("auth.firstName") }).fill("Mona");
    await colleague.getByRole("textbox", { name: en("auth.password"), exact: true }).fill("Member-pass-123");
    await colleague.getByRole("button", { name: en("invite.accept") }).click();
    await colleague.waitForURL((url) => url.pathname === "/");

    // The owner adds the colleague (step 1) and the lawyer (step 2), then sends.
    const document = await uploadDocument(page.request, "Services agreement between Acme and Beta");
    const lawyerEmail = uniqueEmail("approvals-lawyer");
    let panel = await openApprovals(page, document.id);
    const memberSelect = panel.getByRole("combobox", { name: en("approvals.member") });
    const memberId = await memberSelect.locator("option", { hasText: colleagueEmail.toLowerCase() }).getAttribute("value");
    await memberSelect.selectOption(memberId!);
    await panel.getByRole("spinbutton", { name: en("approvals.order") }).fill("1");
    await panel.getByRole("button", { name: en("approvals.add"), exact: true }).click();
    await expect(approver(page, colleagueEmail)).toHaveAttribute("data-state", "created");

    // The panel re-reads its list on the live event of the first step: a form it renders anew mid-typing is filled again.
    await expect(async () => {
      if (await approver(page, lawyerEmail).count()) return;
      await panel.getByRole("radio", { name: en("approvals.external") }).check();
      await panel.getByRole("textbox", { name: en("approvals.firstName") }).fill("Laura");
      await panel.getByRole("textbox", { name: en("approvals.lastName") }).fill("Lex");
      await panel.getByRole("textbox", { name: en("approvals.email") }).fill(lawyerEmail);
      await panel.getByRole("spinbutton", { name: en("approvals.order") }).fill("2");
      await panel.getByRole("button", { name: en("approvals.add"), exact: true }).click();
      await expect(approver(page, lawyerEmail)).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await expect(approver(page, lawyerEmail)).toHaveAttribute("data-state", "created");
    // The lawyer's step is moved back: still after the colleague.
    await approver(page, lawyerEmail)
      .getByRole("button", { name: en("approvals.edit") })
      .click();
    await approver(page, lawyerEmail)
      .getByRole("spinbutton", { name: en("approvals.orderOf").replace("{name}", "Laura Lex") })
      .fill("3");
    await approver(page, lawyerEmail)
      .getByRole("button", { name: en("approvals.save") })
      .click();
    await expect(approver(page, lawyerEmail)).toContainText(en("approvals.orderN").replace("{order}", "3"));

    await panel.getByRole("button", { name: en("approvals.send") }).click();
    await expect(approver(page, colleagueEmail)).toHaveAttribute("data-state", "requested");
    await expect(approver(page, lawyerEmail)).toHaveAttribute("data-state", "created");

    const subject = en("emails.approvalRequest.subject")
      .replace("{name}", `${owner.firstName} ${owner.lastName}`)
      .replace("{document}", document.name);

    // The colleague approves from their email.
    const colleagueLink = await emailLink(request, colleagueEmail, subject, "/review");
    await colleague.goto(colleagueLink);
    await waitForHydration(colleague);
    await expect(colleague.getByRole("heading", { name: document.name })).toBeVisible();
    await colleague.getByRole("button", { name: en("review.approve") }).click();
    await expect(colleague.getByTestId("review-done")).toHaveAttribute("data-outcome", "approved");
    await colleagueContext.close();

    // Then, and only then, the lawyer is asked: a browser with no account, at a phone's size.
    const lawyerLink = await emailLink(request, lawyerEmail, subject, "/review");
    const lawyerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const lawyer = await lawyerContext.newPage();
    await lawyer.goto(lawyerLink);
    await waitForHydration(lawyer);
    await expect(lawyer.getByRole("heading", { name: document.name })).toBeVisible();
    await expect(lawyer.getByRole("button", { name: en("review.download") })).toBeVisible();
    await lawyer.getByRole("textbox", { name: en("review.messageLabel") }).fill("Clause 7 works for my client.");
    await lawyer.getByRole("button", { name: en("review.sendMessage") }).click();
    await expect(lawyer.getByTestId("review-thread")).toContainText("Clause 7 works for my client.");
    await lawyer.getByRole("textbox", { name: en("review.commentLabel") }).fill("Approved as drafted.");
    await lawyer.getByRole("button", { name: en("review.approve") }).click();
    await expect(lawyer.getByTestId("review-done")).toHaveAttribute("data-outcome", "approved");

    // Used once: the same link now explains that it is done.
    await lawyer.goto(lawyerLink);
    await lawyer.waitForURL((url) => url.pathname === "/review/failed");
    await expect(lawyer.getByText(en("review.failed.reasons.completed"))).toBeVisible();

    // A tampered link lands on the failed-link page.
    const url = new URL(lawyerLink, "http://localhost");
    const token = url.searchParams.get("signed")!;
    url.searchParams.set("signed", `${token.slice(0, -3)}${token.endsWith("AAA") ? "BBB" : "AAA"}`);
    await lawyer.goto(`${url.pathname}${url.search}`);
    await lawyer.waitForURL((address) => address.pathname === "/review/failed");
    await expect(lawyer.getByTestId("review-failed")).toHaveAttribute("data-reason", "invalid");
    await expect(lawyer.getByText(en("review.failed.reasons.invalid"))).toBeVisible();
    await lawyerContext.close();

    // The owner sees both approvals, the lawyer's message, and the document approved.
    panel = await openApprovals(page, document.id);
    await expect(approver(page, colleagueEmail)).toHaveAttribute("data-state", "approved");
    await expect(approver(page, lawyerEmail)).toHaveAttribute("data-state", "approved");
    await expect(approver(page, lawyerEmail)).toContainText("Approved as drafted.");
    await approver(page, lawyerEmail)
      .getByRole("button", { name: en("approvals.showThread") })
      .click();
    await expect(approver(page, lawyerEmail)).toContainText("Clause 7 works for my client.");
    await expect(page.getByText(en("documents.status.approved")).first()).toBeVisible();
  },
);

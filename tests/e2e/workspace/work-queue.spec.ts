import { expect, test } from "@playwright/test";
import { makeDocx } from "../../fixtures/docx";
import { signInFresh } from "../fixtures/fresh-user";
import { messages } from "../fixtures/messages";
import { memberApi } from "../fixtures/signing";
import { uploadDocument } from "../fixtures/upload-document";

const en = messages("en");
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/**
 * The dashboard's work queue (issue 16): a member asked to approve and to sign sees the counts,
 * and a new request made elsewhere updates them without a reload. The requests are made through
 * the app's own operations (the REST calls the document's Approvals and Signatures tabs make), so
 * this runs on the embedded database and on a PostgreSQL server alike.
 */
test("a member sees what awaits them, and a new request updates the counts live", { tag: "@smoke" }, async ({ page, request }) => {
  const user = await signInFresh(page, request, "work-queue");
  const api = memberApi(page);
  const address = await uploadDocument(page, "Queue lease.docx", "A lease to approve and sign");
  const documentId = new URL(address).pathname.split("/")[2]!;
  // Signing need not wait for the approval here: both requests are open at once.
  await api.call("PUT", "/vapp/signing-settings", { documentId, signProcess: "parallel", signAfterApproval: false });
  await api.call("POST", "/vapp/approvals", { documentId, email: user.email });
  await api.call("POST", "/vapp/approvals/request", { documentId });
  await api.call("POST", "/vapp/signatures", { documentId, email: user.email, firstName: "Me" });
  await api.call("POST", "/vapp/signatures", { documentId, email: "someone-else@example.com", firstName: "Someone" });
  await api.call("POST", "/vapp/signatures/request", { documentId, signaturesOnCertificate: true });

  await page.goto("/");
  const queue = page.getByTestId("work-queue");
  await expect(queue.getByRole("heading", { name: en("home.workQueue.title") })).toBeVisible();
  await expect(queue.getByTestId("work-queue-to-approve")).toHaveText("1");
  await expect(queue.getByTestId("work-queue-to-sign")).toHaveText("1");
  await expect(queue.getByTestId("work-queue-waiting-documents")).toHaveText("1");
  await expect(queue.getByTestId("work-queue-waiting-signatures")).toHaveText("2");
  // Each item opens the review or signing page with a link of its own.
  await expect(queue.getByRole("link", { name: en("home.workQueue.review") })).toHaveAttribute("href", /^\/review\?signed=/);
  await expect(queue.getByRole("link", { name: en("home.workQueue.sign") })).toHaveAttribute("href", /^\/sign\?signed=/);

  // Elsewhere (another tab's request, as the Signatures tab sends it), this member is asked to sign
  // a second document: the counts follow, with no reload.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  const second = await api.upload({ name: "Queue annex.docx", mimeType: DOCX, buffer: Buffer.from(makeDocx(["An annex to sign"])) });
  await api.call("PUT", "/vapp/signing-settings", { documentId: second.id, signProcess: "parallel", signAfterApproval: false });
  const mine = await api.call<{ id: string }>("POST", "/vapp/signatures", { documentId: second.id, email: user.email, firstName: "Me" });
  await api.call("POST", "/vapp/signatures/request", { documentId: second.id, signaturesOnCertificate: true });
  // The page's subscription may still be connecting: the request is sent again (a fresh link, a new
  // event) until the page shows it.
  await expect
    .poll(async () => {
      const shown = await queue.getByTestId("work-queue-to-sign").textContent();
      if (shown !== "2") await api.call("POST", `/vapp/signatures/${mine.id}/request`, {});
      return shown;
    })
    .toBe("2");
  await expect(queue.getByTestId("work-queue-waiting-documents")).toHaveText("2");
  await expect(queue.getByTestId("work-queue-waiting-signatures")).toHaveText("3");
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test("the dashboard shows ten of each list, and the next ten on Show more", async ({ page, request }) => {
  await signInFresh(page, request, "work-queue-more");
  const api = memberApi(page);
  // Eleven documents of this member, each waiting for someone else's approval.
  for (let n = 1; n <= 11; n++) {
    const doc = await api.upload({ name: `Waiting ${n}.docx`, mimeType: DOCX, buffer: Buffer.from(makeDocx([`Waiting ${n}`])) });
    await api.call("POST", "/vapp/approvals", { documentId: doc.id, email: `approver-${n}@example.com` });
    await api.call("POST", "/vapp/approvals/request", { documentId: doc.id });
  }

  await page.goto("/");
  const queue = page.getByTestId("work-queue");
  await expect(queue.getByTestId("work-queue-waiting-documents")).toHaveText("11");
  const waiting = queue.getByRole("link", { name: /^Waiting \d+$/ });
  await expect(waiting).toHaveCount(10);
  // Newest first: the first one written is the one left for the next page.
  await expect(waiting.first()).toHaveText("Waiting 11");
  await queue.getByRole("button", { name: en("home.workQueue.more") }).click();
  await expect(waiting).toHaveCount(11);
  await expect(waiting.last()).toHaveText("Waiting 1");
  await expect(queue.getByRole("button", { name: en("home.workQueue.more") })).toHaveCount(0);
});

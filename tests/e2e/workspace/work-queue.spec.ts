import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { e2eDatabase } from "../fixtures/database";
import { signInFresh } from "../fixtures/fresh-user";
import { messages } from "../fixtures/messages";
import { uploadDocument } from "../fixtures/upload-document";

const en = messages("en");

/**
 * The dashboard's work queue (issue 16): a member asked to approve and to sign sees the counts,
 * and a new request made elsewhere (another process, the database and its NOTIFY, as the
 * approvals and signatures services publish) updates them without a reload. The requests are
 * written straight to the database, so this needs the e2e run on a PostgreSQL server
 * (DATABASE_URL); with the embedded database it is skipped.
 */
test("a member sees what awaits them, and a new request updates the counts live", async ({ page, request }) => {
  const sql = await e2eDatabase();
  // Skipped on the embedded database only: PGlite lives inside the app's process, so the test cannot
  // write the requests from outside. CI's second pass (DATABASE_URL) runs it every time.
  test.skip(!sql, "Needs the e2e server on PostgreSQL (DATABASE_URL) to write requests directly.");
  try {
    const user = await signInFresh(page, request, "work-queue");
    const address = await uploadDocument(page, "Queue lease.docx", "A lease to approve and sign");
    const documentId = new URL(address).pathname.split("/")[2]!;
    const [me] = await sql!<{ id: string; accountId: string }[]>`
      SELECT u.id, d."accountId" FROM "User" u, "Document" d WHERE u.email = ${user.email} AND d.id = ${documentId}`;
    await sql!`UPDATE "Document" SET status = 'toSign' WHERE id = ${documentId}`;
    const ask = (table: "Approval" | "Signature", email: string) =>
      sql!`INSERT INTO ${sql!(table)} (id, "accountId", "documentId", email, "requestedAt", "updatedAt")
           VALUES (${randomUUID()}, ${me!.accountId}, ${documentId}, ${email}, now(), now())`;
    await ask("Approval", user.email);
    await ask("Signature", user.email);
    await ask("Signature", "someone-else@example.com");

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

    // Elsewhere, someone asks this member for a second signature: the count follows, with no reload.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await ask("Signature", user.email);
    const event = JSON.stringify({ event: "account:workQueue", id: me!.accountId, payload: { documentId } });
    // The page's subscription may still be connecting: the change is announced until the page shows it.
    await expect
      .poll(async () => {
        await sql!`SELECT pg_notify('covenant_events', ${event})`;
        return queue.getByTestId("work-queue-to-sign").textContent();
      })
      .toBe("2");
    await expect(queue.getByTestId("work-queue-waiting-signatures")).toHaveText("3");
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  } finally {
    await sql?.end();
  }
});

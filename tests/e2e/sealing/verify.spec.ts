import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { makeTextPdf } from "../../fixtures/pdf";
import { e2eDatabase } from "../fixtures/database";
import { signInFresh } from "../fixtures/fresh-user";
import { messages } from "../fixtures/messages";
import { csrfToken } from "../fixtures/users";

const en = messages("en");
const PDFSIG = "/usr/bin/pdfsig";
const run = promisify(execFile);

/**
 * A sealed document end to end (issue 16): its owner uploads a PDF, its three signers have signed
 * (written to the database as the signature service leaves them: no screen makes signers sign
 * yet in this branch), the owner asks for the seal, the server's job seals it; the owner
 * downloads the sealed copy, `pdfsig` finds its signature valid, and the public /verify page,
 * with no one signed in and on a phone's screen, recognises it and refuses a changed copy.
 * Seeding needs the e2e run on a PostgreSQL server (DATABASE_URL): the embedded database is the
 * server process's alone.
 */
test("a sealed PDF downloads, pdfsig finds it valid, and /verify tells it from a changed copy", async ({ page, request, browser }) => {
  const sql = await e2eDatabase();
  // Skipped on the embedded database only: PGlite lives inside the app's process, so the test cannot
  // write the signed signers from outside. CI's second pass (DATABASE_URL) runs it every time; the
  // signing spec covers the whole path through the screens (sealing and pdfsig) on both databases.
  test.skip(!sql, "Seeding signers needs the e2e run on a PostgreSQL server (DATABASE_URL)");
  test.setTimeout(120_000);
  try {
    await signInFresh(page, request, "sealing");
    await page.goto("/docs");
    await page.getByRole("button", { name: en("documents.upload") }).click();
    const pdf = Buffer.from(await makeTextPdf([["Supply agreement, page one."], ["Page two."], ["Page three."]]));
    await page
      .getByRole("dialog")
      .getByLabel(en("documents.files"))
      .setInputFiles({ name: "Supply.pdf", mimeType: "application/pdf", buffer: pdf });
    await page
      .getByRole("dialog")
      .getByRole("button", { name: en("documents.uploadButton") })
      .click();
    await page.waitForURL(/\/d\/[^/]+\/view$/);
    const documentId = new URL(page.url()).pathname.split("/")[2]!;

    const [row] = await sql!<{ accountId: string; account: string }[]>`
      SELECT d."accountId", a.name AS account FROM "Document" d JOIN "Account" a ON a.id = d."accountId" WHERE d.id = ${documentId}`;
    const signers = [
      ["Ana", "Pérez"],
      ["Jo", "Smith"],
      ["Marta", "Vidal"],
    ];
    for (const [i, [firstName, lastName]] of signers.entries()) {
      const id = `e2e${randomUUID().replace(/-/g, "").slice(0, 20)}`;
      await sql!`INSERT INTO "Signature" ("id", "accountId", "documentId", "firstName", "lastName", "email", "order", "imageKind", "initials",
          "signedIp", "signedUserAgent", "requestedAt", "signedAt", "updatedAt")
        VALUES (${id}, ${row!.accountId}, ${documentId}, ${firstName!}, ${lastName!}, ${`${firstName!.toLowerCase()}-${id}@example.test`}, ${i + 1},
          'typed', NULL, ${`203.0.113.${i + 1}`}, 'Playwright', now() - interval '1 day', now() - interval '1 hour', now())`;
      await sql!`INSERT INTO "SignaturePlaceholder" ("id", "accountId", "documentId", "signatureId", "keyName", "settings", "updatedAt")
        VALUES (${`${id}p`}, ${row!.accountId}, ${documentId}, ${id}, 'signature',
          ${sql!.json({ page: 1, x: 0.08 + i * 0.3, y: 0.8, width: 0.26, height: 0.08 })}, now())`;
    }

    // The owner asks for the seal; the server's queue seals it.
    const asked = await page.request.post(`/vapp/sealing/documents/${documentId}`, {
      headers: { "x-csrf-token": await csrfToken(page.request) },
    });
    expect(asked.status()).toBe(202);
    // The job's outcome: the seal, or its recorded failure (shown whole, with its error, when it comes instead).
    const outcome = async () =>
      (
        await sql!<{ seals: number; sealing: { state?: string; error?: string } | null }[]>`
          SELECT (SELECT count(*)::int FROM "Seal" WHERE "documentId" = ${documentId}) AS seals, metadata->'sealing' AS sealing
          FROM "Document" WHERE id = ${documentId}`
      )[0]!;
    await expect
      .poll(async () => (await outcome()).seals === 1 || (await outcome()).sealing?.state === "failed", { timeout: 90_000 })
      .toBe(true);
    expect(await outcome()).toEqual({ seals: 1, sealing: { state: "sealed", attempts: 1, at: expect.any(String) } });

    // The owner downloads the sealed copy (version 2) from the versions tab, as a person does.
    await page.reload();
    await page.getByRole("tab", { name: en("documents.tabs.versions") }).click();
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: en("documents.downloadVersionN").replace("{version}", "2") }).click();
    const sealedPath = (await (await downloading).path())!;
    const { readFile } = await import("node:fs/promises");
    const sealed = await readFile(sealedPath);
    expect(sealed.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    if (existsSync(PDFSIG)) {
      const { stdout } = await run(PDFSIG, [sealedPath]);
      expect(stdout).toContain("Signature is Valid");
    }

    // Anyone, signed out, on a phone: the sealed copy is recognised, a changed one is not.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "en-US" });
    const visitor = await phone.newPage();
    await visitor.goto("/verify");
    await expect(visitor.getByRole("heading", { name: en("sealing.verify.title") })).toBeVisible();
    const fileInput = visitor.getByLabel(en("sealing.verify.fileLabel"));
    await fileInput.setInputFiles({ name: "Supply-sealed.pdf", mimeType: "application/pdf", buffer: sealed });
    const result = visitor.getByTestId("verify-result");
    await expect(result.locator("[data-result]")).toHaveAttribute("data-result", "sealed");
    await expect(result).toContainText(en("sealing.verify.sealedTitle"));
    await expect(result).toContainText(row!.account);
    await expect(result).toContainText("Ana Pérez, Jo Smith, and Marta Vidal");

    const changed = Buffer.concat([sealed, Buffer.from("\n% edited after sealing\n")]);
    const dir = mkdtempSync(path.join(tmpdir(), "verify-e2e-"));
    writeFileSync(path.join(dir, "changed.pdf"), changed);
    await fileInput.setInputFiles(path.join(dir, "changed.pdf"));
    await expect(result.locator("[data-result]")).toHaveAttribute("data-result", "modified");
    await expect(result).toContainText(en("sealing.verify.modified"));
    await phone.close();
  } finally {
    await sql?.end();
  }
});

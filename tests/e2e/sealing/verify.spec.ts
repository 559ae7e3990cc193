import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { makeTextPdf } from "../../fixtures/pdf";
import { signInFresh } from "../fixtures/fresh-user";
import { messages } from "../fixtures/messages";
import { linkToken, memberApi, signLink } from "../fixtures/signing";
import { uniqueEmail } from "../fixtures/users";

const en = messages("en");
const PDFSIG = "/usr/bin/pdfsig";
const run = promisify(execFile);

/**
 * A sealed document end to end (issue 16): its owner uploads a PDF and sends it to three signers
 * in order, each of whom signs through the app's signing operation with their own link (typing
 * their name: the signing spec covers the screen); the last signature queues the seal and the
 * server's job seals it; the owner downloads the sealed copy, `pdfsig` finds its signature valid,
 * and the public /verify page, with no one signed in and on a phone's screen, recognises it and
 * refuses a changed copy. Everything goes through the app, so it runs on either database.
 */
test(
  "a sealed PDF downloads, pdfsig finds it valid, and /verify tells it from a changed copy",
  { tag: "@smoke" },
  async ({ page, request, browser }) => {
    test.setTimeout(150_000);
    const owner = await signInFresh(page, request, "sealing");
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

    // Three signers in order, each with a signature box, and the request.
    const api = memberApi(page);
    const signers = [
      ["Ana", "Pérez"],
      ["Jo", "Smith"],
      ["Marta", "Vidal"],
    ] as const;
    const added: { id: string; email: string; name: string }[] = [];
    for (const [i, [firstName, lastName]] of signers.entries()) {
      const email = uniqueEmail(`sealing-${firstName.toLowerCase()}`);
      const signer = await api.call<{ id: string }>("POST", "/vapp/signatures", { documentId, firstName, lastName, email, order: i + 1 });
      added.push({ id: signer.id, email, name: `${firstName} ${lastName}` });
    }
    await api.call("PUT", "/vapp/signature-placeholders", {
      documentId,
      placeholders: added.map((signer, i) => ({
        signatureId: signer.id,
        keyName: "signature",
        kind: "signature",
        page: 1,
        x: 0.08 + i * 0.3,
        y: 0.8,
        width: 0.26,
        height: 0.08,
      })),
    });
    await api.call("POST", "/vapp/signatures/request", { documentId });

    // Each signs in turn with their own link (the `signed` header, no account, no cookies: a context of their own).
    const signerContext = await browser.newContext();
    for (const signer of added) {
      const token = linkToken(await signLink(request, signer.email));
      const signed = await signerContext.request.post("/vapp/signatures/sign", {
        headers: { signed: token },
        multipart: { data: JSON.stringify({ kind: "typed", typedName: signer.name }) },
      });
      expect(signed.ok(), await signed.text()).toBe(true);
    }
    await signerContext.close();

    // The last signature queued the seal: the server's job adds the sealed copy as version 2.
    await expect
      .poll(
        async () => {
          const response = await page.request.get(`/vapp/documents/${documentId}/versions`);
          return ((await response.json()) as { version: number }[]).map((v) => v.version);
        },
        { timeout: 90_000 },
      )
      .toContain(2);

    // The owner downloads the sealed copy (version 2) from the versions tab, as a person does; the page says it is sealed.
    await page.reload();
    await expect(page.getByTestId("sealed-badge")).toContainText("Signed and sealed on");
    await expect(page.getByTestId("sealed-badge").getByRole("link", { name: en("sealing.banner.verify") })).toHaveAttribute(
      "href",
      "/verify",
    );
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
    await expect(result).toContainText(owner.accountName);
    await expect(result).toContainText("Ana Pérez, Jo Smith, and Marta Vidal");

    const changed = Buffer.concat([sealed, Buffer.from("\n% edited after sealing\n")]);
    const dir = mkdtempSync(path.join(tmpdir(), "verify-e2e-"));
    writeFileSync(path.join(dir, "changed.pdf"), changed);
    await fileInput.setInputFiles(path.join(dir, "changed.pdf"));
    await expect(result.locator("[data-result]")).toHaveAttribute("data-result", "modified");
    await expect(result).toContainText(en("sealing.verify.modified"));
    await phone.close();
  },
);

import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { messages } from "../fixtures/messages";
import { acceptTermsThroughApi, createVerifiedUser, signInThroughApi, waitForHydration } from "../fixtures/users";

const en = messages("en");

type Exported = { rows: { sequence: number; eventType: string }[] };

test("an administrator downloads the audit trail, checks it in the settings, and an edited row breaks it", async ({ page, request }) => {
  const admin = await createVerifiedUser(request, "audit-trail");
  await signInThroughApi(page, admin.email, admin.password);
  await acceptTermsThroughApi(page);

  await page.goto("/settings/ws/settings");
  await waitForHydration(page);
  const card = page.getByTestId("audit-trail");
  await expect(card.getByRole("heading", { name: en("workspace.auditTrail.title") })).toBeVisible();

  const downloading = page.waitForEvent("download");
  await card.getByRole("link", { name: en("workspace.auditTrail.download") }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d\d-\d\d\.json$/);
  const text = await readFile((await download.path())!, "utf8");
  const exported = JSON.parse(text) as Exported;
  expect(exported.rows.length).toBeGreaterThan(1);

  const upload = card.getByLabel(en("workspace.auditTrail.verify"));
  await upload.setInputFiles({ name: "audit-trail.json", mimeType: "application/json", buffer: Buffer.from(text) });
  const holds = en("workspace.auditTrail.holds").split(":")[0]!;
  await expect(card.getByRole("status")).toContainText(holds);
  await expect(card.getByRole("status")).toContainText(`${exported.rows.length} rows`);

  // Someone rewrites what happened in the first row: the check says where the chain breaks.
  const edited = { ...exported, rows: exported.rows.map((row, i) => (i === 0 ? { ...row, eventType: "nothing.happened" } : row)) };
  await upload.setInputFiles({ name: "edited.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(edited)) });
  await expect(card.getByRole("alert")).toContainText("The chain breaks at row 1: its content does not match its hash.");
});

import { expect, test, type Page } from "@playwright/test";
import { makeDocx } from "../../fixtures/docx";
import { signInFresh } from "../fixtures/fresh-user";
import { messages } from "../fixtures/messages";
import { memberApi } from "../fixtures/signing";
import { waitForHydration } from "../fixtures/users";

const en = messages("en");
const es = messages("es");
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const STEPS = ["template", "document", "colleague", "signature", "seal"] as const;

/** Follows a step's link from the dashboard and waits for the screen it opens. */
async function follow(page: Page, action: string, path: string) {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByTestId("next-steps").getByRole("link", { name: action }).click();
  await page.waitForURL((url) => url.pathname === path);
}

/**
 * Issue 39, item 19: a brand-new workspace's dashboard shows its next steps instead of zeros,
 * each with a link to where it is taken; a step is checked once done; in Spanish, translated.
 */
test("a new workspace's dashboard shows the next steps, with working links, checked when done and in Spanish", async ({
  page,
  request,
}) => {
  await signInFresh(page, request, "next-steps");
  await page.goto("/");
  const panel = page.getByTestId("next-steps");
  await expect(panel.getByRole("heading", { name: en("nextSteps.title") })).toBeVisible();
  // An administrator of a new workspace: every step open, each with its link.
  for (const key of STEPS) {
    const step = panel.getByTestId(`next-step-${key}`);
    await expect(step.getByRole("heading", { name: en(`nextSteps.steps.${key}.title`) })).toBeVisible();
    await expect(step).toContainText(en(`nextSteps.steps.${key}.body`));
    await expect(step.getByRole("link", { name: en(`nextSteps.steps.${key}.action`) })).toBeVisible();
  }
  await expect(panel).toContainText(en("nextSteps.progress").replace("{done, number}", "0").replace("{total, number}", "5"));

  // Each link opens the screen where the step is taken.
  await follow(page, en("nextSteps.steps.template.action"), "/templates");
  await expect(page.getByRole("button", { name: en("templates.add") })).toBeVisible();
  await follow(page, en("nextSteps.steps.document.action"), "/docs");
  await expect(page.getByRole("button", { name: en("documents.upload") })).toBeVisible();
  await follow(page, en("nextSteps.steps.colleague.action"), "/settings/ws/users");
  await expect(page.getByRole("heading", { name: en("members.inviteTitle") })).toBeVisible();

  // A document: its step is checked, and sending for signature opens that document.
  const api = memberApi(page);
  const document = await api.upload({ name: "Next steps lease.docx", mimeType: DOCX, buffer: Buffer.from(makeDocx(["A lease."])) });
  await page.goto("/");
  await expect(panel.getByTestId("next-step-document")).toHaveAttribute("data-done", "true");
  await expect(panel.getByTestId("next-step-document").getByRole("link")).toHaveCount(0);
  await expect(panel.getByTestId("next-step-template").getByRole("link")).toHaveCount(1);
  await expect(panel).toContainText(en("nextSteps.progress").replace("{done, number}", "1").replace("{total, number}", "5"));
  await follow(page, en("nextSteps.steps.signature.action"), `/d/${document.id}/view`);
  // The link opens the document on its Signatures tab, where sending is done.
  await expect(page.getByRole("tab", { name: en("documents.tabs.signatures") })).toHaveAttribute("aria-selected", "true");

  // In Spanish, the same panel is translated.
  await api.call("PATCH", "/vapp/users", { language: "es" });
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(panel.getByRole("heading", { name: es("nextSteps.title") })).toBeVisible();
  for (const key of ["template", "colleague", "signature", "seal"] as const) {
    const step = panel.getByTestId(`next-step-${key}`);
    await expect(step.getByRole("heading", { name: es(`nextSteps.steps.${key}.title`) })).toBeVisible();
    await expect(step.getByRole("link", { name: es(`nextSteps.steps.${key}.action`) })).toBeVisible();
  }
  await expect(panel.getByTestId("next-step-document").getByRole("heading", { name: es("nextSteps.steps.document.title") })).toBeVisible();
  await follow(page, es("nextSteps.steps.template.action"), "/templates");

  // The member hides the panel; it stays hidden.
  await page.goto("/");
  await panel.getByRole("button", { name: es("nextSteps.dismiss") }).click();
  await expect(panel).toBeHidden();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(panel).toHaveCount(0);
});

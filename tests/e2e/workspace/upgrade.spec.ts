import { expect, test } from "@playwright/test";
import { e2eDatabase, setAccountCapabilities } from "../fixtures/database";
import { createVerifiedUser, signInThroughApi } from "../fixtures/users";

/**
 * A menu entry outside the plan: the star opens the upgrade modal with the spec's texts and the
 * plan badge, and "Upgrade now" is always there. Removing a capability from a fresh workspace is
 * written in SQL, so this runs when the e2e database is a Postgres server (DATABASE_URL).
 */
test("a starred entry opens the upgrade prompt with the plan badge and Upgrade now", async ({ page, request }) => {
  const sql = await e2eDatabase();
  // Skipped on the embedded database only: PGlite lives inside the app's process, so the test
  // cannot change the plan from outside. CI's second pass (DATABASE_URL) runs it every time.
  test.skip(!sql, "needs DATABASE_URL: the embedded e2e database cannot be reached from the test process");
  try {
    const user = await createVerifiedUser(request, "upgrade");
    await signInThroughApi(page, user.email, user.password);
    // A fresh workspace has the free plan's capabilities; take templates away.
    await setAccountCapabilities(sql!, user.accountName, (current) => current.filter((capability) => capability !== "templates"));
    await page.goto("/");
    // A new user accepts the terms first.
    const terms = page.getByRole("dialog", { name: "Terms of service" });
    await expect(terms).toBeVisible();
    await terms.getByRole("button", { name: "Accept" }).click();
    await expect(terms).toBeHidden();

    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await expect(nav.getByRole("link", { name: "Templates" })).toHaveCount(0);
    const entry = nav.getByRole("button", { name: /Templates/ });
    await expect(entry).toHaveAttribute("title", "Upgrade your plan to activate this feature");
    await entry.click();

    const dialog = page.getByRole("dialog", { name: "This is a paid feature" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("plan-badge")).toHaveText("Free");
    await expect(dialog.getByText("Templates is not included in your current plan.")).toBeVisible();
    // An administrator: checkout, preselected with the cheapest plan that has templates (docs/upgrade.md).
    await expect(dialog.getByText("The Standard plan includes it.")).toBeVisible();
    const upgrade = dialog.getByRole("link", { name: "Upgrade now" });
    await expect(upgrade).toHaveAttribute("href", "/settings/ws/billing?checkout=standard");

    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(entry).toBeFocused();
  } finally {
    await sql?.end();
  }
});

import { describe, expect, it } from "vitest";
import { ROLE_PERMISSIONS } from "@/lib/auth/permissions";
import { MENU, visibleMenu } from "@/lib/navigation/menu";

const built = MENU.map((entry) => ({ ...entry, built: true }));
const holder = (role: keyof typeof ROLE_PERMISSIONS, capabilities: string[] = []) => ({
  permissions: new Set<string>(ROLE_PERMISSIONS[role]),
  capabilities: new Set(capabilities),
});

describe("side menu", () => {
  it("keeps the spec's order", () => {
    expect(MENU.map((e) => e.key)).toEqual([
      "dashboard",
      "repository",
      "templates",
      "collections",
      "reports",
      "automation",
      "profiles",
      "tickets",
      "helpCenter",
    ]);
  });

  it("shows only what the role permits", () => {
    expect(visibleMenu(holder("Guest", ["documents"]), built).map((e) => e.key)).toEqual(["dashboard", "repository", "helpCenter"]);
    const manager = visibleMenu(holder("Manager"), built).map((e) => e.key);
    expect(manager).toContain("reports");
    expect(visibleMenu(holder("Member"), built).map((e) => e.key)).not.toContain("reports");
  });

  it("stars entries whose capability is not in the plan", () => {
    const entries = visibleMenu(holder("Administrator", ["documents", "templates"]), built);
    expect(entries.find((e) => e.key === "templates")?.upgrade).toBe(false);
    expect(entries.find((e) => e.key === "reports")?.upgrade).toBe(true);
    expect(entries.find((e) => e.key === "dashboard")?.upgrade).toBe(false);
  });

  it("hides screens not built yet", () => {
    // Repository and Templates exist; the rest come with their issues.
    expect(visibleMenu(holder("Administrator", ["documents", "templates"])).map((e) => e.key)).toEqual([
      "dashboard",
      "repository",
      "templates",
    ]);
  });
});

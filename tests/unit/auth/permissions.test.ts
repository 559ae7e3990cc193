import { describe, expect, it } from "vitest";
import { assertCan, can, ROLE_NAMES, ROLE_PERMISSIONS } from "@/lib/auth/permissions";

const holder = (permissions: string[]) => ({ permissions: new Set(permissions) });

describe("can", () => {
  it("passes when any of the listed permissions is held", () => {
    expect(can(holder(["ViewDocuments"]), ["ViewTemplates", "ViewDocuments"])).toBe(true);
  });

  it("needs every permission with the all option", () => {
    expect(can(holder(["ViewDocuments"]), ["ViewTemplates", "ViewDocuments"], { all: true })).toBe(false);
    expect(can(holder(["ViewDocuments", "ViewTemplates"]), ["ViewTemplates", "ViewDocuments"], { all: true })).toBe(true);
  });

  it("denies when nothing is loaded or nothing is asked", () => {
    expect(can(null, "ViewDocuments")).toBe(false);
    expect(can(holder([]), "ViewDocuments")).toBe(false);
    expect(can(holder(["ViewDocuments"]), [])).toBe(false);
  });

  it("assertCan throws FORBIDDEN", () => {
    expect(() => assertCan(holder(["ViewDocuments"]), "ManageMembers")).toThrowError(expect.objectContaining({ code: "FORBIDDEN" }));
  });
});

describe("role mapping", () => {
  it("is cumulative from Guest to Administrator", () => {
    const order = ["Guest", "Member", "Manager", "Administrator"] as const;
    for (let i = 1; i < order.length; i++) {
      for (const permission of ROLE_PERMISSIONS[order[i - 1]]) {
        expect(ROLE_PERMISSIONS[order[i]]).toContain(permission);
      }
    }
  });

  it("matches the spec's descriptions", () => {
    expect(ROLE_PERMISSIONS.Guest).toEqual(["ViewDocuments"]);
    expect(ROLE_PERMISSIONS.Member).toEqual(expect.arrayContaining(["ManageDocuments", "ViewTemplates", "ViewContacts"]));
    expect(ROLE_PERMISSIONS.Member).not.toContain("ViewAnalytics");
    expect(ROLE_PERMISSIONS.Manager).toEqual(expect.arrayContaining(["ManageWorkflows", "ManageRules", "ViewAnalytics"]));
    expect(ROLE_PERMISSIONS.Manager).not.toContain("ManageMembers");
    expect(ROLE_PERMISSIONS.Administrator).toEqual(expect.arrayContaining(["ManageAccount", "ManageMembers", "ManageIntegrations"]));
    expect(ROLE_PERMISSIONS.SupportTeam).toContain("ProvideSupport");
    expect(ROLE_PERMISSIONS.SupportTeam).not.toContain("ManageDocuments");
    expect(ROLE_NAMES).toHaveLength(5);
  });
});

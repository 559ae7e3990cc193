import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PERMISSION_GROUPS } from "@/components/workspace/permission-groups";
import { PERMISSIONS } from "@/lib/auth/permissions";
import { LOCALES } from "@/lib/i18n/locales";

type Tree = { [key: string]: string | Tree };
const accountRoles = (locale: string) =>
  (JSON.parse(readFileSync(path.join("messages", `${locale}.json`), "utf8")) as Tree).accountRoles as { groups: Tree; permissions: Tree };

describe("the Roles screen's permission labels", () => {
  it("groups every permission of lib/auth/permissions.ts exactly once", () => {
    const grouped = PERMISSION_GROUPS.flatMap((group) => [...group.permissions]);
    expect([...grouped].sort()).toEqual([...PERMISSIONS].sort());
    expect(new Set(grouped).size).toBe(grouped.length);
  });

  it.each([...LOCALES])("%s has one label per permission and per group", (locale) => {
    const { groups, permissions } = accountRoles(locale);
    expect(Object.keys(permissions).sort()).toEqual([...PERMISSIONS].sort());
    expect(Object.keys(groups).sort()).toEqual(PERMISSION_GROUPS.map((group) => group.group).sort());
    for (const text of [...Object.values(permissions), ...Object.values(groups)])
      expect(typeof text === "string" && text.trim().length > 0).toBe(true);
  });
});

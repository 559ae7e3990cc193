import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A permission is checked once (issue 38, item 5): by an operation's declaration (`permission`,
 * checked in runOperation before the service runs), by a page before it loads (`can`, the screen's
 * permission), and by an aggregate's access module where the rule depends on data the declaration
 * cannot see (`lib/<domain>/<aggregate>-access.ts`: a folder's group, a template read from another
 * domain, creating a tag under the workspace's setting). Services trust their caller: a call of
 * `assertCan` anywhere else fails here, naming the file.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");
const ALLOWED = new Set(["lib/auth/permissions.ts", "lib/operations/operation.ts"]);
const isAccessModule = (file: string) => /^lib\/[a-z-]+\/[a-z-]+-access\.ts$/.test(file);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" || entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe("permission checks", () => {
  const files = ["lib", "app", "components"].flatMap((dir) => sourceFiles(path.join(ROOT, dir)));

  it("run at the declaration, the page or an access module, never again in a service", () => {
    const offenders = files
      .map((file) => path.relative(ROOT, file).split(path.sep).join("/"))
      .filter((file) => !ALLOWED.has(file) && !isAccessModule(file))
      .filter((file) => /\bassertCan\(/.test(readFileSync(path.join(ROOT, file), "utf8")));
    expect(offenders).toEqual([]);
  });

  it("finds the checks it allows (the scan reads the tree)", () => {
    const checked = files.filter((file) => /\bassertCan\(/.test(readFileSync(file, "utf8"))).map((file) => path.basename(file));
    expect(checked).toEqual(expect.arrayContaining(["operation.ts", "template-access.ts", "folder-access.ts", "tag-access.ts"]));
  });
});

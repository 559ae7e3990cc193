import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 14: screens name operations, never addresses. No file under app/ (besides the route
 * handlers themselves) or components/ holds a string that starts with an endpoint of ours; the
 * browser's client finds them in the operations' handles (lib/operations/routes/).
 */
const ROOT = process.cwd();
const ENDPOINT = /["'`](\/vapp\/|\/v1\/|\/graphql\b)/;

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(path.join(ROOT, file)).isDirectory()) return ["app/vapp", "app/v1", "app/graphql"].includes(file) ? [] : sources(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

describe("screens hold no endpoint address", () => {
  it("app/ and components/ name declared operations instead of URLs", () => {
    const found = [...sources("app"), ...sources("components")].flatMap((file) =>
      readFileSync(path.join(ROOT, file), "utf8")
        .split("\n")
        .flatMap((line, i) =>
          ENDPOINT.test(line) && !line.trim().startsWith("*") && !line.trim().startsWith("//") ? [`${file}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});

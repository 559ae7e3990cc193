import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LIMITS } from "@/lib/validation/limits";
import { idString } from "@/lib/validation/ids";

/**
 * The lengths people may type are written once, in lib/validation/limits.ts (issue 38): a zod
 * schema reads them (`idString()`, `.max(LIMITS.title)`) and so does a form field
 * (`maxLength={LIMITS.title}`). An id limit written as `.max(64)`, or a form field's
 * `maxLength={200}`, anywhere in lib/, components/ or app/ (but the generated client) fails here,
 * naming the file.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");
const LEFT_OUT = ["lib/generated"];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return LEFT_OUT.includes(relative) || entry.name === "node_modules" ? [] : sourceFiles(relative);
    return /\.(ts|tsx)$/.test(entry.name) ? [relative] : [];
  });
}

const LITERALS: [string, RegExp][] = [
  ["the id limit .max(64)", /\.max\(\s*64\s*\)/],
  ["a numeric maxLength", /maxLength=\{\s*[\d_]+\s*\}/],
];

describe("length limits", () => {
  it("are read from lib/validation/limits.ts, not written as numbers", () => {
    const offenders = ["lib", "components", "app"].flatMap(sourceFiles).flatMap((file) => {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      return LITERALS.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${file}: ${what}`);
    });
    expect(offenders).toEqual([]);
  });

  it("keep the values in use (a change here changes what the API accepts)", () => {
    expect(LIMITS).toMatchObject({ id: 64, title: 200, name: 100, shortName: 60, email: 254, description: 2000 });
    expect(idString().safeParse("a".repeat(64)).success).toBe(true);
    expect(idString().safeParse("a".repeat(65)).success).toBe(false);
    expect(idString().safeParse("").success).toBe(false);
  });
});

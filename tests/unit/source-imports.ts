import { existsSync, statSync } from "node:fs";
import path from "node:path";

/** The repository's root, where `@/` points. */
export const ROOT = path.resolve(__dirname, "../..");

/** The file a local import (`@/…` or relative) names, as the bundler resolves it; null for a package. */
export function resolveLocal(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/")
    ? path.join(ROOT, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * `prisma generate` without network: the CLI insists on a native schema engine path before it
 * runs, though generation itself is WebAssembly, so any existing file satisfies it.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

// The generators are bins of node_modules (prisma-pothos-types).
const env = { ...process.env, PATH: `${path.join(process.cwd(), "node_modules", ".bin")}${path.delimiter}${process.env.PATH}` };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) {
  const placeholder = path.join(process.cwd(), "node_modules", ".cache", "prisma-schema-engine-placeholder");
  if (!existsSync(placeholder)) {
    mkdirSync(path.dirname(placeholder), { recursive: true });
    writeFileSync(placeholder, "");
  }
  env.PRISMA_SCHEMA_ENGINE_BINARY = placeholder;
}
execFileSync(process.execPath, [path.join("node_modules", "prisma", "build", "index.js"), "generate"], {
  stdio: "inherit",
  env,
});

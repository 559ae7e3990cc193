/**
 * The imports that run up the layers (docs/architecture.md, "Layers"): each folder of lib/ (or
 * file, like lib/db.ts) belongs to one layer, app/, components/, i18n/ and instrumentation.ts to the top;
 * an import from a lower layer to a higher one is counted. Imports read with a regular expression
 * (static `import … from`, `export … from`, `import "…"`; not `import()`). `node scripts/import-layers.mjs`
 * prints the count and each upward import; tests/unit/architecture/import-layers.test.ts keeps the
 * count from rising above UPWARD_IMPORTS_CEILING.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, posix } from "node:path";
import { fileURLToPath } from "node:url";

/** Lower the ceiling when an upward import goes; never raise it without a line in docs/architecture.md. */
export const UPWARD_IMPORTS_CEILING = 11;

/** No loop of files that import each other (docs/architecture.md, "Layers"). */
export const IMPORT_CYCLES_CEILING = 0;

/** From the ground up. A folder named nowhere is refused: a new one takes its place here. */
export const LAYERS = [
  ["ground", ["lib/generated", "lib/text", "lib/validation", "lib/process", "messages"]],
  ["language and errors", ["lib/i18n", "lib/errors", "lib/pagination"]],
  ["platform", ["lib/db", "lib/database", "lib/storage", "lib/files", "lib/events"]],
  // What serves a request or a job: its context and permissions, the audit trail, operations,
  // the route wrapper, the job queue, email delivery, the menus a role sees.
  ["requests and jobs", ["lib/auth", "lib/audit", "lib/operations", "lib/http", "lib/jobs", "lib/email", "lib/navigation"]],
  [
    "domains",
    [
      "lib/sign-in",
      "lib/accounts",
      "lib/users",
      "lib/billing",
      "lib/categories",
      "lib/tags",
      "lib/folders",
      "lib/datastore",
      "lib/templates",
      "lib/documents",
      "lib/links",
      "lib/approvals",
      "lib/signing",
      "lib/signatures",
      "lib/sealing",
      "lib/reminders",
      "lib/work-queue",
      "lib/search",
      "lib/api",
      "lib/client",
    ],
  ],
  ["GraphQL", ["lib/graphql"]],
  ["registries", ["lib/registry"]],
  ["entry points", ["app", "components", "i18n", "instrumentation"]],
];

const SOURCE = /\.(ts|tsx|mjs)$/;
const IMPORT = /(?:^|\n)[ \t]*(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?["']([^"']+)["']/g;

/** The folder a path of the repository belongs to: lib/<first segment>, else its top folder. */
const folderOf = (path) => {
  const [top, second] = path.split("/");
  return top === "lib" ? `lib/${second.replace(/\.tsx?$/, "")}` : top.replace(/\.tsx?$/, "");
};

function sourceFiles(root) {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(join(root, dir))) {
      const path = posix.join(dir, name);
      if (name === "generated" || name === "node_modules") continue;
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (SOURCE.test(name) && !name.endsWith(".d.ts")) files.push(path);
    }
  };
  for (const dir of ["lib", "app", "components", "i18n"]) walk(dir);
  return [...files, "instrumentation.ts"];
}

/** Every import of the app's own files: `{ from, to }`, `to` without its extension. */
function imports(root) {
  const found = [];
  for (const file of sourceFiles(root))
    for (const [, specifier] of readFileSync(join(root, file), "utf8").matchAll(IMPORT)) {
      const to = specifier.startsWith("@/")
        ? specifier.slice(2)
        : specifier.startsWith(".")
          ? posix.normalize(posix.join(posix.dirname(file), specifier))
          : null;
      if (to) found.push({ from: file, to });
    }
  return found;
}

/** The files that import each other in a loop (type-only imports included), each loop as its files. */
export function importCycles(root = ".") {
  const files = new Set(sourceFiles(root));
  const resolve = (path) =>
    ["", ".ts", ".tsx", ".mjs", "/index.ts", "/index.tsx"].map((end) => path + end).find((candidate) => files.has(candidate));
  const next = new Map([...files].map((file) => [file, []]));
  for (const { from, to } of imports(root)) {
    const target = resolve(to);
    if (target) next.get(from).push(target);
  }
  // Tarjan's strongly connected components.
  const index = new Map();
  const low = new Map();
  const stack = [];
  const cycles = [];
  const visit = (file) => {
    index.set(file, index.size);
    low.set(file, index.get(file));
    stack.push(file);
    for (const target of next.get(file)) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (stack.includes(target)) low.set(file, Math.min(low.get(file), index.get(target)));
    }
    if (low.get(file) !== index.get(file)) return;
    const component = stack.splice(stack.indexOf(file));
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}

/** Every import from a lower layer to a higher one under `root`, as `{ from, to, fromLayer, toLayer }`. */
export function upwardImports(root = ".") {
  const layerOf = new Map(LAYERS.flatMap(([, folders], index) => folders.map((folder) => [folder, index])));
  const upward = [];
  for (const { from: file, to: target } of imports(root)) {
    {
      const [from, to] = [folderOf(file), folderOf(target)];
      for (const folder of [from, to])
        if (!layerOf.has(folder)) throw new Error(`${folder} has no layer: give it one in scripts/import-layers.mjs`);
      if (layerOf.get(from) < layerOf.get(to))
        upward.push({ from: file, to: target, fromLayer: LAYERS[layerOf.get(from)][0], toLayer: LAYERS[layerOf.get(to)][0] });
    }
  }
  return upward;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const upward = upwardImports(process.argv[2] ?? ".");
  for (const { from, to, fromLayer, toLayer } of upward) console.log(`${from} -> ${to}  (${fromLayer} -> ${toLayer})`);
  console.log(`${upward.length} upward import(s); ceiling ${UPWARD_IMPORTS_CEILING}`);
  const cycles = importCycles(process.argv[2] ?? ".");
  for (const cycle of cycles) console.log(`cycle: ${cycle.join(", ")}`);
  console.log(`${cycles.length} cycle(s) of files`);
}

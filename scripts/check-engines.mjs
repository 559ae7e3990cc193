/**
 * `npm run check:engines` (CI runs it after `npm ci --engine-strict`): the declared Node range is
 * honest. Every package in the lockfile and every package.json under node_modules whose `engines`
 * names node must accept every version of package.json's `engines.node`, not just the Node running
 * now; the Node that scripts/with-node.mjs fetches, and the one running this, must fit it too.
 * Prints, for each even Node line, the lowest release every dependency accepts: where the floor could be.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import semver from "semver";
import { NODE_VERSION, fits } from "./with-node.mjs";

const pkg = JSON.parse(readFileSync("package.json", "utf8"));
const declared = pkg.engines.node;
const problems = [];

/** name@version → engines.node, from the lockfile (every platform's packages) and node_modules. */
const ranges = new Map();
// A package built for another system or processor (sharp's win32-ia32 build, say) is never installed
// here, and npm checks its engines only where it is: named, not counted.
const elsewhere = [];
const allows = (list, value) =>
  !list || list.some((item) => item === value) || (list.every((item) => item.startsWith("!")) && !list.includes(`!${value}`));
const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
for (const [where, entry] of Object.entries(lock.packages)) {
  if (where === "" || !entry.engines?.node) continue;
  const name = entry.name ?? where.slice(where.lastIndexOf("node_modules/") + "node_modules/".length);
  if (!allows(entry.os, process.platform) || !allows(entry.cpu, process.arch)) {
    elsewhere.push([`${name}@${entry.version}`, entry.engines.node]);
    continue;
  }
  ranges.set(`${name}@${entry.version}`, entry.engines.node);
}
const lockCount = ranges.size;
// Installed packages: node_modules/<name>, node_modules/@scope/<name>, nested node_modules too.
function walk(dir) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.startsWith(".")) continue;
    const full = path.join(dir, entry);
    if (entry.startsWith("@")) {
      walk(full);
      continue;
    }
    let manifest;
    try {
      manifest = JSON.parse(readFileSync(path.join(full, "package.json"), "utf8"));
    } catch {
      continue;
    }
    const range = typeof manifest.engines === "object" ? manifest.engines?.node : undefined;
    if (range) ranges.set(`${manifest.name}@${manifest.version}`, range);
    if (statSync(path.join(full, "node_modules"), { throwIfNoEntry: false })?.isDirectory()) walk(path.join(full, "node_modules"));
  }
}
walk("node_modules");

for (const [id, range] of [...ranges].sort()) {
  if (!semver.validRange(range)) {
    problems.push(`${id}: engines.node "${range}" is not a range npm can read`);
    continue;
  }
  if (!semver.subset(declared, range, { includePrerelease: false })) {
    problems.push(`${id}: engines.node "${range}" does not accept all of "${declared}"`);
  }
}

for (const [what, version] of [
  ["scripts/with-node.mjs's NODE_VERSION", NODE_VERSION],
  ["the running Node", process.version],
]) {
  if (!semver.satisfies(version, declared)) problems.push(`${what} (${version}) does not fit "${declared}"`);
  // with-node.mjs reads the range without semver: it must agree.
  if (fits(version, declared) !== semver.satisfies(version, declared))
    problems.push(`with-node.mjs's fits() disagrees with semver on ${version}`);
}

const minimum = semver.minVersion(declared)?.version;
console.log(
  `engines.node "${declared}" (lowest ${minimum}), checked against ${ranges.size} packages' engines (${lockCount} in the lockfile), on Node ${process.version}`,
);
const elsewhereRejecting = elsewhere.filter(([, range]) => !semver.validRange(range) || !semver.subset(declared, range));
console.log(
  `  ${elsewhere.length} packages for other systems only, not checked` +
    (elsewhereRejecting.length
      ? `; of them these reject part of the range there: ${elsewhereRejecting.map(([id, range]) => `${id} (${range})`).join(", ")}`
      : ""),
);
for (const major of [20, 22, 24, 26]) {
  // The lowest release of that line (X.Y.0) that every dependency accepts: where the floor could be.
  const lowest = Array.from({ length: 60 }, (_, minor) => `${major}.${minor}.0`).find((v) =>
    [...ranges.values()].every((r) => semver.validRange(r) && semver.satisfies(v, r)),
  );
  const rejecting = [...ranges].filter(([, r]) => !semver.validRange(r) || !semver.satisfies(`${major}.99.0`, r));
  console.log(
    `  Node ${major}: ` +
      (lowest
        ? `every dependency accepts ${lowest} and up`
        : `rejected even at ${major}.99.0 by ${rejecting.map(([id, r]) => `${id} (${r})`).join(", ")}`),
  );
}
if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log("Every dependency accepts the declared Node range.");

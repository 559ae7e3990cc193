/**
 * A Node that fits package.json's `engines.node`, for the quick start and CI on machines whose own
 * `node` is older (Node 20 here). When the running Node fits, nothing is fetched and nothing
 * changes. Otherwise Node NODE_VERSION comes from the npm registry (the `node-<os>-<cpu>` package,
 * which ships bin/node; `npm pack` uses the machine's npm settings) into .tools/ (git-ignored), once.
 *
 *   node scripts/with-node.mjs npm install   runs the command with that Node's bin first on PATH
 *   node scripts/with-node.mjs --bin         prints that bin folder (for `export PATH=...`)
 *
 * scripts/test.mjs and scripts/start-demo.mjs call onFittingNode() first, so `npm test` and
 * `npm run start:demo` run on the fitting Node whatever Node npm itself runs on.
 * docs/node-version.md says why the floor is Node 22.
 */
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The Node fetched when the running one does not fit; scripts/check-engines.mjs checks it fits. */
export const NODE_VERSION = "22.23.5";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function enginesRange() {
  return JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).engines.node;
}

/**
 * Whether a version (22.23.5 or v22.23.5) satisfies a range made of `^X.Y.Z` and `>=X.Y.Z` (or X,
 * X.Y) joined by `||`: what package.json declares. This runs before any install, so without the semver package.
 */
export function fits(version, range) {
  const parse = (v) => [...v.replace(/^v/, "").split(/[.-]/).slice(0, 3).map(Number), 0, 0].slice(0, 3);
  const cmp = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
  const have = parse(version);
  return range.split("||").some((part) => {
    const m = /^\s*(\^|>=)\s*(\d+(?:\.\d+){0,2})\s*$/.exec(part);
    if (!m) throw new Error(`scripts/with-node.mjs cannot read the engines range part "${part.trim()}"`);
    const want = parse(m[2]);
    return cmp(have, want) >= 0 && (m[1] === ">=" || have[0] === want[0]);
  });
}

/** The bin folder of a Node that fits the engines range: the running one's, or the fetched one's. */
export function fittingNodeBin() {
  if (fits(process.version, enginesRange())) return path.dirname(process.execPath);
  const pkg = `node-${process.platform}-${process.arch}`;
  const dir = path.join(root, ".tools", `node-v${NODE_VERSION}`);
  const bin = path.join(dir, "bin");
  if (existsSync(path.join(bin, "node"))) return bin;
  if (!["linux", "darwin"].includes(process.platform)) {
    fail(`Node ${process.version} does not fit engines "${enginesRange()}": install Node 22.15+ or 24+.`);
  }
  console.error(`Node ${process.version} does not fit engines "${enginesRange()}": fetching ${pkg}@${NODE_VERSION} into .tools/ (once)...`);
  mkdirSync(path.join(root, ".tools"), { recursive: true });
  // Unpacked beside its final place and renamed, so an interrupted or concurrent fetch leaves no half Node.
  const tmp = mkdtempSync(path.join(root, ".tools", "fetch-"));
  try {
    const npm = process.env.npm_execpath
      ? [process.execPath, [process.env.npm_execpath]]
      : [process.platform === "win32" ? "npm.cmd" : "npm", []];
    const pack = spawnSync(npm[0], [...npm[1], "pack", `${pkg}@${NODE_VERSION}`, "--pack-destination", tmp, "--silent"], {
      stdio: ["ignore", "pipe", "inherit"],
      encoding: "utf8",
    });
    const tarball = readdirSync(tmp).find((f) => f.endsWith(".tgz"));
    if (pack.status !== 0 || !tarball) fail(`npm pack ${pkg}@${NODE_VERSION} failed: install Node 22.15+ or 24+ yourself.`);
    const unpacked = path.join(tmp, "node");
    mkdirSync(unpacked);
    // Only the binary and its licence: the package's C headers are for native addons, which npm builds here without install scripts anyway.
    const tar = spawnSync(
      "tar",
      ["-xzf", path.join(tmp, tarball), "-C", unpacked, "--strip-components=1", "package/bin/node", "package/LICENSE"],
      {
        stdio: "inherit",
      },
    );
    if (tar.status !== 0) fail(`Unpacking ${tarball} failed.`);
    chmodSync(path.join(unpacked, "bin", "node"), 0o755);
    const version = spawnSync(path.join(unpacked, "bin", "node"), ["--version"], { encoding: "utf8" }).stdout?.trim();
    if (version !== `v${NODE_VERSION}`) fail(`The fetched node reports "${version}", not v${NODE_VERSION}.`);
    try {
      renameSync(unpacked, dir);
    } catch (error) {
      if (!existsSync(path.join(bin, "node"))) throw error; // else another process fetched it first
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return bin;
}

/** PATH with a fitting Node's bin folder first, so npm, npx, next, vitest and playwright all run on it. */
export function fittingPath() {
  return [fittingNodeBin(), process.env.PATH].filter(Boolean).join(path.delimiter);
}

/** Runs a command; resolves with its exit code, passing Ctrl-C and termination on to it. */
function runForwarding(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", env });
    const forward = (signal) => child.kill(signal);
    process.on("SIGINT", forward).on("SIGTERM", forward);
    child.on("error", (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(127);
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Returns at once when the running Node fits; otherwise runs this same script on one that does, and exits. */
export async function onFittingNode() {
  if (fits(process.version, enginesRange())) return;
  const PATH = fittingPath();
  const node = path.join(fittingNodeBin(), "node");
  process.exit(await runForwarding(node, process.argv.slice(1), { ...process.env, PATH }));
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) fail("Usage: node scripts/with-node.mjs --bin | COMMAND [ARGS...]");
  if (command === "--bin") {
    console.log(fittingNodeBin());
  } else {
    process.exit(await runForwarding(command, args, { ...process.env, PATH: fittingPath() }));
  }
}

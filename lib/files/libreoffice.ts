import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const USUAL_PLACES = ["/usr/bin/soffice", "/usr/bin/libreoffice", "/usr/lib/libreoffice/program/soffice", "/opt/homebrew/bin/soffice"];

/** LibreOffice's binary when it is installed (SOFFICE_PATH, read on each call, or the usual places), else null. */
export function sofficePath(): string | null {
  const override = process.env.SOFFICE_PATH;
  if (override) return existsSync(override) ? override : null;
  return USUAL_PLACES.find((candidate): candidate is string => !!candidate && existsSync(candidate)) ?? null;
}

/** Converts a file with headless LibreOffice (`to` is an extension: docx, pdf). Null without LibreOffice. */
export async function convertWithLibreOffice(bytes: Uint8Array, fromExt: string, to: "docx" | "pdf"): Promise<Uint8Array | null> {
  const soffice = sofficePath();
  if (!soffice) return null;
  const dir = await mkdtemp(path.join(tmpdir(), "covenant-convert-"));
  try {
    const input = path.join(dir, `input.${fromExt}`);
    await writeFile(input, bytes);
    await run(soffice, ["--headless", `-env:UserInstallation=file://${dir}/profile`, "--convert-to", to, "--outdir", dir, input], {
      timeout: 60_000,
    });
    return new Uint8Array(await readFile(path.join(dir, `input.${to}`)));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

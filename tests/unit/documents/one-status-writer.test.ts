import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A document's status has one writer (issue 38): changeDocumentStatus, and its set-based batch
 * variant for the expiry job. Anything else in lib/ that writes Document.status — a Prisma
 * document update, updateMany or upsert with `status` in its data, or raw SQL
 * `UPDATE "Document" … SET status` — fails here, naming the file.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");
const WRITERS = new Set(["lib/documents/change-document-status.ts", "lib/documents/change-document-statuses.ts"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" || entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts|cts|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** The text between the bracket at `open` and its match (strings and templates taken as they come). */
function balanced(text: string, open: number): string {
  const pairs: Record<string, string> = { "(": ")", "{": "}", "[": "]" };
  const stack: string[] = [];
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (pairs[c]) stack.push(pairs[c]);
    else if (c === stack[stack.length - 1]) {
      stack.pop();
      if (!stack.length) return text.slice(open, i + 1);
    }
  }
  return text.slice(open);
}

/** The `data` of a Prisma call's argument (`data: { … }`, also upsert's `create`/`update`). */
function writtenObjects(argument: string): string[] {
  const found: string[] = [];
  for (const match of argument.matchAll(/\b(data|create|update)\s*:\s*\{/g)) {
    found.push(balanced(argument, match.index! + match[0].length - 1));
  }
  return found;
}

/** A `status` key, written out or shorthand (`{ status }`), anywhere in the written object. */
const STATUS_KEY = /(^|[{,\s])(status|"status"|'status')\s*[:,}]/;

/** Where and how `source` writes a Document's status (empty when it does not). */
export function statusWrites(source: string): string[] {
  const reasons: string[] = [];
  for (const match of source.matchAll(/\.document\s*\.\s*(update|updateMany|upsert)\s*\(/g)) {
    const argument = balanced(source, match.index! + match[0].length - 1);
    if (writtenObjects(argument).some((data) => STATUS_KEY.test(data)))
      reasons.push(`document.${match[1]}(…) with status in its data, line ${source.slice(0, match.index).split("\n").length}`);
  }
  for (const match of source.matchAll(/UPDATE\s+"?Document"?\b/gi)) {
    const rest = source.slice(match.index! + match[0].length);
    const statement = rest.split(/[`;]/)[0]!;
    const set = statement.split(/\b(FROM|WHERE|RETURNING)\b/i)[0]!;
    if (/\bSET\b/i.test(set) && /(^|[\s,."])status"?\s*=/i.test(set))
      reasons.push(`raw UPDATE "Document" setting status, line ${source.slice(0, match.index).split("\n").length}`);
  }
  return reasons;
}

describe("one writer of a document's status", () => {
  it("finds the kinds of writes it looks for", () => {
    expect(statusWrites(`await tx.document.update({ where: { id }, data: { status: "signed" } });`)).toHaveLength(1);
    expect(statusWrites(`await db.document.updateMany({ where: { id }, data: { status } });`)).toHaveLength(1);
    expect(statusWrites(`await tx.document.update({ where: { id }, data: { name, status: to, archived } });`)).toHaveLength(1);
    expect(statusWrites('await tx.$executeRaw`UPDATE "Document" SET status = ${to} WHERE id = ${id}`;')).toHaveLength(1);
    expect(
      statusWrites('tx.$queryRaw`WITH p AS (SELECT 1) UPDATE "Document" d SET "updatedAt" = now(), status = ${to} FROM p`'),
    ).toHaveLength(1);
    // Reading or filtering by status is not writing it.
    expect(statusWrites(`await tx.document.updateMany({ where: { id, status: "draft" }, data: { archived: true } });`)).toEqual([]);
    expect(statusWrites('tx.$executeRaw`UPDATE "Document" SET "metadata" = ${m} WHERE status = ${s}`')).toEqual([]);
    expect(statusWrites('tx.$executeRaw`UPDATE "Document" SET "metadata" = ${m}, "status" = ${s} WHERE id = ${id}`')).toHaveLength(1);
    expect(statusWrites(`await tx.document.findMany({ where: { status } });`)).toEqual([]);
  });

  it("is changeDocumentStatus (and its batch variant) alone in lib/", () => {
    const offenders = sourceFiles(path.join(ROOT, "lib"))
      .map((file) => ({ file: path.relative(ROOT, file).split(path.sep).join("/"), reasons: statusWrites(readFileSync(file, "utf8")) }))
      .filter(({ file, reasons }) => reasons.length && !WRITERS.has(file))
      .map(({ file, reasons }) => `${file}: ${reasons.join("; ")}`);
    expect(offenders, "write a document's status through changeDocumentStatus (lib/documents/change-document-status.ts)").toEqual([]);
  });

  it("sees the writers themselves, so the search is not blind", () => {
    for (const file of WRITERS) expect(statusWrites(readFileSync(path.join(ROOT, file), "utf8")), file).not.toEqual([]);
  });
});

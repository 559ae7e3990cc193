import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Input is parsed once (issue 38, item 5): runOperation parses a caller's input with its
 * declaration's zod schema at the edge (REST, GraphQL, jobs), and the service trusts what it gets,
 * typed (`z.output<typeof schema>`). This scan finds the schemas the declarations take as `input`
 * (lib/<domain>/*-operations.ts) and fails on a service that parses one of them again
 * (`schema.parse`, `safeParse`, `parseInput(schema …)`), except where the value parsed is not a
 * declaration's input: a page's address, a path's part kept for the next call (each listed below
 * with why).
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");

/** Parses of a declaration's schema that read something else than the declaration's input. */
const EDGES: Record<string, string> = {
  "lib/documents/load-document-list.ts: documentListSchema": "the list page's filters, read from its address",
  "lib/documents/update-document-relation.ts: createRelationSchema":
    "upsertRelation's input takes both shapes at once; creating checks the create shape's own rules (one end, the default type)",
  "lib/documents/update-document-relation.ts: updateRelationSchema": "the same, for the update shape (no end beside an id)",
  "lib/links/document-links.ts: createLinkSchema": "upsertLink creating: the name becomes required",
  "lib/tags/tags.ts: tagInputSchema": "upsertTag creating: the name becomes required and the colour defaults",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");
const files = sourceFiles(path.join(ROOT, "lib")).map(relative);
const isDeclarations = (file: string) =>
  /-operations\.ts$/.test(file) || file.startsWith("lib/operations/") || file.startsWith("lib/http/");

/** The schemas named in the declarations' `input:` (the first name of its expression: `documentFieldsSchema.extend(…)`). */
function declaredInputSchemas(): Set<string> {
  const names = new Set<string>();
  for (const file of files.filter((f) => /-operations\.ts$/.test(f))) {
    for (const match of readFileSync(path.join(ROOT, file), "utf8").matchAll(/\binput:\s*([A-Za-z_$][\w$]*)/g))
      if (match[1] !== "z") names.add(match[1]);
  }
  return names;
}

describe("a declaration's input", () => {
  const schemas = declaredInputSchemas();

  it("is parsed by runOperation, never again by the service it reaches", () => {
    const pattern = new RegExp(
      String.raw`\b(?:(${[...schemas].join("|")})\.(?:safeParse|parse)\(|parseInput\(\s*(${[...schemas].join("|")})\b)`,
      "g",
    );
    const found: string[] = [];
    for (const file of files.filter((f) => !isDeclarations(f))) {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      for (const match of text.matchAll(pattern)) {
        const where = `${file}: ${match[1] ?? match[2]}`;
        if (!(where in EDGES)) found.push(where);
      }
    }
    expect(found).toEqual([]);
  });

  it("finds the declarations' schemas (the scan would pass on nothing otherwise)", () => {
    expect(schemas.size).toBeGreaterThan(20);
    expect([...schemas]).toEqual(expect.arrayContaining(["documentFieldsSchema"]));
  });

  it("lists no edge that is gone", () => {
    const pattern = (name: string) => new RegExp(String.raw`\b${name}\.(?:safeParse|parse)\(|parseInput\(\s*${name}\b`);
    const gone = Object.keys(EDGES).filter((where) => {
      const [file, name] = where.split(": ");
      return !files.includes(file) || !pattern(name).test(readFileSync(path.join(ROOT, file), "utf8"));
    });
    expect(gone).toEqual([]);
  });
});

import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parse, type DocumentNode } from "graphql";

/*
 * The GraphQL documents found in source files: string literals (quoted or template) that start
 * with `query`, `mutation`, `subscription` or `{` and parse as GraphQL. In a template literal,
 * `${NAME}` is replaced by the string constant NAME of the same file when there is one, else by
 * a placeholder (`x` inside quotes, `__typename` elsewhere); a literal that still does not parse
 * is not a document.
 */
export type FoundDocument = { file: string; source: string; document: DocumentNode };

const LITERAL = /"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g;
const START = /^\s*(query|mutation|subscription)\b|^\s*\{\s*[_A-Za-z]/;

function filesUnder(dir: string, accept: (file: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (name === "node_modules" || name === "generated") return [];
    return statSync(file).isDirectory() ? filesUnder(file, accept) : accept(file) ? [file] : [];
  });
}

function constants(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of text.matchAll(/const (\w+) = (?:"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\$]|\\.)*)`)/g))
    found.set(match[1], match[2] ?? match[3]);
  return found;
}

function interpolate(template: string, names: Map<string, string>): string {
  return template
    .replace(/"([^"\n]*)\$\{[^}]*\}([^"\n]*)"/g, '"$1x$2"')
    .replace(/\$\{\s*(\w+)\s*\}|\$\{[^}]*\}/g, (_all, name?: string) => (name && names.has(name) ? names.get(name)! : "__typename"));
}

export function graphqlDocuments(root: string, dirs: string[], accept: (file: string) => boolean): FoundDocument[] {
  const documents: FoundDocument[] = [];
  for (const dir of dirs) {
    for (const file of filesUnder(path.join(root, dir), accept)) {
      const text = readFileSync(file, "utf8");
      const names = constants(text);
      for (const match of text.matchAll(LITERAL)) {
        const raw = match[1] ?? match[2] ?? match[3] ?? "";
        if (!START.test(raw)) continue;
        const source = match[3] !== undefined ? interpolate(raw, names) : raw.replace(/\\"/g, '"').replace(/\\n/g, "\n");
        try {
          documents.push({ file: path.relative(root, file), source, document: parse(source) });
        } catch {
          // Not GraphQL (or not completable from the file alone).
        }
      }
    }
  }
  return documents;
}

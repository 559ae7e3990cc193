import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { resolveLocal, ROOT } from "../source-imports";
import * as NAMESPACE_SETS from "@/lib/i18n/client-namespaces";
import { hasMessages } from "@/lib/i18n/pick-messages";

/**
 * Each screen sends the browser only the messages its client components read (issue 15): the
 * root layout sends none (its client components get their words as props), and each screen's
 * `<ClientMessages namespaces={…}>` (components/i18n/client-messages.tsx, in the layout.tsx beside
 * its page, or in the page) gives what its client components read. A nested provider replaces its
 * parent's messages (they are not merged), so a provider lists everything its subtree
 * reads. Without a build, this follows every page and layout under app/ through its server
 * modules to the client components it renders (and everything those import, next/dynamic's
 * `import()` included), reads their `useTranslations("…")` and the keys they ask of it, and fails
 * when the nearest provider above them does not carry them ("a" carries "a.b"), naming the file,
 * the key and the provider to add it to. A translator used with keys it cannot see (a variable,
 * or passed on to other code) needs its whole namespace.
 */
const PROVIDER_MODULE = path.join(ROOT, "components/i18n/client-messages.tsx");
/** The client components' translation runtime (useTranslations, useFormatter…), in place of next-intl's client. */
const CLIENT_RUNTIME = path.join(ROOT, "lib/i18n/client.tsx");
const fromRuntime = (file: string, specifier: string) => resolveLocal(file, specifier) === CLIENT_RUNTIME;
const SETS = NAMESPACE_SETS as unknown as Record<string, readonly string[]>;
const rel = (file: string) => path.relative(ROOT, file);

type Need = { key: string; namespace: string; file: string };
type Provider = { namespaces: string[]; file: string };

const parsed = new Map<string, ts.SourceFile>();
function parse(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (!source) {
    source = ts.createSourceFile(
      file,
      readFileSync(file, "utf8"),
      ts.ScriptTarget.Latest,
      true,
      file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    parsed.set(file, source);
  }
  return source;
}

const isClient = (file: string) => {
  const first = parse(file).statements[0];
  return !!first && ts.isExpressionStatement(first) && ts.isStringLiteral(first.expression) && first.expression.text === "use client";
};

function walk(node: ts.Node, visit: (node: ts.Node) => void) {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/** Value imports of a file: local name → module specifier (type-only imports are erased at build). */
function importBindings(source: ts.SourceFile): Map<string, string> {
  const bindings = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !statement.importClause || statement.importClause.isTypeOnly) continue;
    const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
    const clause = statement.importClause;
    if (clause.name) bindings.set(clause.name.text, specifier);
    const named = clause.namedBindings;
    if (named && ts.isNamespaceImport(named)) bindings.set(named.name.text, specifier);
    if (named && ts.isNamedImports(named))
      for (const element of named.elements) if (!element.isTypeOnly) bindings.set(element.name.text, specifier);
  }
  return bindings;
}

/** Every module a client file brings into the browser: value imports, re-exports, side-effect and `import()`. */
function clientImports(source: ts.SourceFile): string[] {
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings)
          ? clause.namedBindings.elements.every((element) => element.isTypeOnly)
          : false);
      if (!typeOnly) specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly)
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
  }
  walk(source, (node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteralLike(node.arguments[0]))
      if (!lazyCallAbove(node, source)) specifiers.push(node.arguments[0].text);
  });
  return specifiers;
}

/** Where lazy panels come from: `lazyWithMessages(load, keys)`. */
const LAZY_MODULE = path.join(ROOT, "components/i18n/lazy-with-messages.tsx");

/** The `lazyWithMessages(…)` call a node is an argument of, if any. */
function lazyCallAbove(node: ts.Node, source: ts.SourceFile): ts.CallExpression | null {
  const names = new Set(
    [...importBindings(source)].filter(([, s]) => resolveLocal(source.fileName, s) === LAZY_MODULE).map(([name]) => name),
  );
  for (let at = node.parent; at; at = at.parent)
    if (ts.isCallExpression(at) && ts.isIdentifier(at.expression) && names.has(at.expression.text)) return at;
  return null;
}

type LazyPanel = { specifiers: string[]; keys: string[]; where: string };

/**
 * The panels a client module loads with their messages (components/i18n/lazy-with-messages.tsx):
 * the modules its `load` imports, and the keys it fetches for them (literals and spreads of
 * lib/i18n/client-namespaces.ts constants).
 */
function lazyPanels(source: ts.SourceFile): LazyPanel[] {
  const panels = new Map<ts.CallExpression, LazyPanel>();
  walk(source, (node) => {
    if (!ts.isCallExpression(node) || node.expression.kind !== ts.SyntaxKind.ImportKeyword || !ts.isStringLiteralLike(node.arguments[0]))
      return;
    const call = lazyCallAbove(node, source);
    if (!call) return;
    let panel = panels.get(call);
    if (!panel) {
      const where = `${rel(source.fileName)}:${source.getLineAndCharacterOfPosition(call.getStart()).line + 1}`;
      panels.set(call, (panel = { specifiers: [], keys: lazyKeys(call.arguments[1], where), where }));
    }
    panel.specifiers.push(node.arguments[0].text);
  });
  return [...panels.values()];
}

function lazyKeys(node: ts.Expression | undefined, where: string): string[] {
  const keys: string[] = [];
  for (const item of node && ts.isArrayLiteralExpression(node) ? node.elements : []) {
    if (ts.isStringLiteralLike(item)) keys.push(item.text);
    else if (ts.isSpreadElement(item) && ts.isIdentifier(item.expression) && SETS[item.expression.text])
      keys.push(...SETS[item.expression.text]);
    else
      problems.push(`${where}: lazyWithMessages keys: ${item.getText()} is neither a literal nor a lib/i18n/client-namespaces.ts constant`);
  }
  if (!node || !ts.isArrayLiteralExpression(node)) problems.push(`${where}: lazyWithMessages needs its keys as an array literal`);
  for (const key of keys)
    if (!hasMessages(EN, key))
      problems.push(`${where}: lazyWithMessages fetches "${key}", which messages/en.json lacks (the route would refuse it)`);
  return keys;
}

const EN = JSON.parse(readFileSync(path.join(ROOT, "messages/en.json"), "utf8")) as Record<string, unknown>;

/** The literal keys an argument can take, or null when they cannot be read without running the code. */
function staticKeys(node: ts.Expression | undefined): string[] | null {
  if (!node) return null;
  if (ts.isStringLiteralLike(node)) return [node.text];
  // `tabs.${key}`: somewhere under "tabs".
  if (ts.isTemplateExpression(node) && node.head.text.includes(".")) return [node.head.text.slice(0, node.head.text.lastIndexOf("."))];
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return staticKeys(node.expression);
  // A `const` in scope: `const key = \`events.${type}\`; t(key)`.
  if (ts.isIdentifier(node)) return constKeys(node);
  if (ts.isConditionalExpression(node)) {
    const [whenTrue, whenFalse] = [staticKeys(node.whenTrue), staticKeys(node.whenFalse)];
    return whenTrue && whenFalse ? [...whenTrue, ...whenFalse] : null;
  }
  return null;
}

/** Whether a binding name (plain or destructured) declares `name`. */
function binds(binding: ts.BindingName, name: string): boolean {
  if (ts.isIdentifier(binding)) return binding.text === name;
  return binding.elements.some((element) => !ts.isOmittedExpression(element) && binds(element.name, name));
}

/**
 * The keys of the `const` an identifier names, looked up through the enclosing blocks; null when
 * the nearest declaration is anything else (a parameter, a loop variable, a `let`, destructuring).
 */
function constKeys(node: ts.Identifier): string[] | null {
  for (let scope: ts.Node | undefined = node.parent; scope; scope = scope.parent) {
    if (ts.isFunctionLike(scope) && scope.parameters.some((parameter) => binds(parameter.name, node.text))) return null;
    if (
      (ts.isForOfStatement(scope) || ts.isForInStatement(scope) || ts.isForStatement(scope)) &&
      scope.initializer &&
      ts.isVariableDeclarationList(scope.initializer) &&
      scope.initializer.declarations.some((declaration) => binds(declaration.name, node.text))
    )
      return null;
    if (ts.isCatchClause(scope) && scope.variableDeclaration && binds(scope.variableDeclaration.name, node.text)) return null;
    if (!ts.isBlock(scope) && !ts.isSourceFile(scope)) continue;
    for (const statement of scope.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      const declaration = statement.declarationList.declarations.find((d) => binds(d.name, node.text));
      if (!declaration) continue;
      const isConst = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
      return isConst && ts.isIdentifier(declaration.name) && declaration.initializer ? staticKeys(declaration.initializer) : null;
    }
  }
  return null;
}

/** The runtime's hooks that read the provider's locale, formats or time zone rather than its messages. */
const CONTEXT_HOOKS = new Set(["useLocale", "useFormatter", "useNow", "useTimeZone", "useMessagesSource"]);
/** The need of a context hook: some `<ClientMessages>` above, whatever its namespaces. */
const CONTEXT = "(a <ClientMessages> provider: the root layout gives none)";

const TRANSLATOR_METHODS = new Set(["rich", "markup", "raw", "has"]);

/**
 * The keys one `useTranslations(namespace)` call reads: `t("key")`, `t.rich("key")`… with literal
 * keys give those keys; any other use of the translator (a variable key, `t` handed to other code)
 * needs the whole namespace.
 */
function translatorKeys(call: ts.CallExpression, namespace: string): string[] {
  const declaration = call.parent;
  if (!ts.isVariableDeclaration(declaration) || !ts.isIdentifier(declaration.name)) return [namespace];
  const name = declaration.name.text;
  let scope: ts.Node = declaration;
  while (scope.parent && !ts.isFunctionLike(scope)) scope = scope.parent;
  const keys = new Set<string>();
  walk(scope, (node) => {
    if (!ts.isIdentifier(node) || node.text !== name || node === declaration.name) return;
    const parent = node.parent;
    let literal: string[] | null = null;
    if (ts.isCallExpression(parent) && parent.expression === node) literal = staticKeys(parent.arguments[0]);
    else if (
      ts.isPropertyAccessExpression(parent) &&
      parent.expression === node &&
      TRANSLATOR_METHODS.has(parent.name.text) &&
      ts.isCallExpression(parent.parent) &&
      parent.parent.expression === parent
    )
      literal = staticKeys(parent.parent.arguments[0]);
    if (literal) for (const key of literal) keys.add(`${namespace}.${key}`);
    else keys.add(namespace);
  });
  return [...keys];
}

const problems: string[] = [];
/** Keys a route's client components read that the provider above them lacks, by route and provider. */
const gaps = new Map<string, (Need & { via: string })[]>();

/** One message per route and provider: the namespaces to add, then who reads which keys. */
function gapProblems(): string[] {
  return [...gaps].map(([gap, needs]) => {
    const [route, provider] = gap.split(" | ");
    const namespaces = [...new Set(needs.map((n) => `"${n.namespace}"`))].join(", ");
    const readers = new Map<string, Set<string>>();
    for (const need of needs)
      readers.set(
        `${rel(need.file)} (through ${need.via})`,
        (readers.get(`${rel(need.file)} (through ${need.via})`) ?? new Set()).add(need.key),
      );
    const detail = [...readers].map(([reader, keys]) => `\n    ${reader} reads ${[...keys].join(", ")}`).join("");
    return `${route}: add ${namespaces} (or only the keys below) to <ClientMessages namespaces> in ${provider}, the provider above:${detail}`;
  });
}

/** What one client module (alone) reads from the messages, and its non-static uses. */
const ownNeeds = new Map<string, Need[]>();
function needsOf(file: string): Need[] {
  const cached = ownNeeds.get(file);
  if (cached) return cached;
  const source = parse(file);
  const needs: Need[] = [];
  const bindings = [...importBindings(source)];
  if (bindings.some(([, specifier]) => specifier === "next-intl"))
    problems.push(
      `${rel(file)}: imports next-intl's client; client components translate with @/lib/i18n/client (its 2 KB lighter runtime over the same messages)`,
    );
  const hooks = bindings.filter(([, specifier]) => fromRuntime(file, specifier)).map(([name]) => name);
  walk(source, (node) => {
    if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || !hooks.includes(node.expression.text)) return;
    const hook = node.expression.text;
    const where = `${rel(file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    if (hook === "useMessages")
      problems.push(`${where}: useMessages() needs the whole catalogue in the browser; read keys with useTranslations("<namespace>")`);
    // useLocale, useFormatter, useNow, useTimeZone: the provider's context, whatever it sends.
    if (hook !== "useTranslations") {
      if (CONTEXT_HOOKS.has(hook)) needs.push({ key: CONTEXT, namespace: `(${hook})`, file });
      return;
    }
    const argument = node.arguments[0];
    if (!argument || !ts.isStringLiteralLike(argument)) {
      problems.push(
        `${where}: useTranslations(${argument ? argument.getText() : ""}) in client code: give it a literal namespace, so that the screens can send only the messages it reads`,
      );
      return;
    }
    for (const key of translatorKeys(node, argument.text)) needs.push({ key, namespace: argument.text, file });
  });
  ownNeeds.set(file, needs);
  return needs;
}

/** What a client module and everything it brings into the browser read. */
const closureNeeds = new Map<string, Need[]>();
function clientClosure(file: string): Need[] {
  const cached = closureNeeds.get(file);
  if (cached) return cached;
  const seen = new Set<string>();
  const all: Need[] = [];
  const visit = (module: string) => {
    if (seen.has(module)) return;
    seen.add(module);
    all.push(...needsOf(module));
    for (const specifier of clientImports(parse(module))) {
      const next = resolveLocal(module, specifier);
      if (next) visit(next);
    }
    // A lazy panel's own keys cover what it reads; the rest must come from the provider above.
    for (const panel of lazyPanels(parse(module)))
      for (const specifier of panel.specifiers) {
        const next = resolveLocal(module, specifier);
        if (next) all.push(...clientClosure(next).filter((need) => need.key === CONTEXT || !covers(panel.keys, need.key)));
      }
  };
  visit(file);
  closureNeeds.set(file, all);
  return all;
}

const covers = (provided: string[], key: string) => provided.some((p) => key === p || key.startsWith(`${p}.`));

/** `namespaces={["a", ...SHELL_MESSAGES]}`: literals and spreads of lib/i18n/client-namespaces.ts constants. */
function providerNamespaces(element: ts.JsxOpeningLikeElement, file: string): string[] {
  const source = parse(file);
  const where = `${rel(file)}:${source.getLineAndCharacterOfPosition(element.getStart()).line + 1}`;
  const attribute = element.attributes.properties.find(
    (p): p is ts.JsxAttribute => ts.isJsxAttribute(p) && p.name.getText() === "namespaces",
  );
  const expression = attribute?.initializer && ts.isJsxExpression(attribute.initializer) ? attribute.initializer.expression : undefined;
  const fromSet = (node: ts.Expression) => (ts.isIdentifier(node) && SETS[node.text] ? [...SETS[node.text]] : null);
  const list = expression && (fromSet(expression) ?? (ts.isArrayLiteralExpression(expression) ? expression.elements : null));
  if (!list) {
    problems.push(
      `${where}: <ClientMessages namespaces> must be an array of literals and spreads of lib/i18n/client-namespaces.ts constants`,
    );
    return [];
  }
  if (!ts.isArrayLiteralExpression(expression!)) return list as string[];
  const namespaces: string[] = [];
  for (const item of expression!.elements) {
    const spread = ts.isSpreadElement(item) ? fromSet(item.expression) : null;
    if (ts.isStringLiteralLike(item)) namespaces.push(item.text);
    else if (spread) namespaces.push(...spread);
    else
      problems.push(
        `${where}: <ClientMessages namespaces>: ${item.getText()} is neither a literal nor a lib/i18n/client-namespaces.ts constant`,
      );
  }
  return namespaces;
}

/**
 * The provider in force at a node of a server module: the nearest enclosing `<ClientMessages>`
 * of this file, else the one the module was rendered under.
 */
function providerAt(node: ts.Node, file: string, outer: Provider, providerNames: Set<string>): Provider {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent)
    if (ts.isJsxElement(at) && providerNames.has(at.openingElement.tagName.getText()))
      return { namespaces: providerNamespaces(at.openingElement, file), file };
  return outer;
}

/** Whether a server module renders any client component, itself or through the server modules it imports. */
const rendersClient = new Map<string, boolean>();
function reachesClient(file: string): boolean {
  const known = rendersClient.get(file);
  if (known !== undefined) return known;
  rendersClient.set(file, false); // an import cycle adds nothing
  const source = parse(file);
  const reaches = [...importBindings(source)].some(([name, specifier]) => {
    if (specifier === "next-intl" && name === "NextIntlClientProvider") return true; // to be refused below
    if (name === "ClientIntlProvider" && fromRuntime(file, specifier)) return true; // to be refused below
    const target = resolveLocal(file, specifier);
    return !!target && target !== PROVIDER_MODULE && (isClient(target) || reachesClient(target));
  });
  rendersClient.set(file, reaches);
  return reaches;
}

const analysed = new Set<string>();
/**
 * Checks a server module rendered under `outer`: each imported client module, at the place it is
 * used, against the provider there; each imported server module is checked the same way under
 * that provider. Returns the provider at `{children}` (for a layout's nested routes).
 */
function checkServer(file: string, outer: Provider, route: string): Provider | null {
  const source = parse(file);
  const bindings = importBindings(source);
  const providerNames = new Set([...bindings].filter(([, s]) => resolveLocal(file, s) === PROVIDER_MODULE).map(([name]) => name));
  let atChildren: Provider | null = null;
  const key = `${file}|${outer.file}|${outer.namespaces.join(",")}`;
  const firstVisit = !analysed.has(key);
  analysed.add(key);
  walk(source, (node) => {
    if (!ts.isIdentifier(node)) return;
    const parent = node.parent;
    if (ts.isImportClause(parent) || ts.isImportSpecifier(parent) || ts.isNamespaceImport(parent)) return;
    if (ts.isPropertyAccessExpression(parent) && parent.name === node) return;
    if (ts.isJsxAttribute(parent) || (ts.isPropertyAssignment(parent) && parent.name === node)) return;
    if (node.text === "children" && ts.isJsxExpression(parent)) atChildren ??= providerAt(node, file, outer, providerNames);
    const specifier = bindings.get(node.text);
    if (!firstVisit || !specifier) return;
    if (specifier === "next-intl" && node.text === "NextIntlClientProvider")
      problems.push(
        `${rel(file)}: renders NextIntlClientProvider itself; use <ClientMessages namespaces={…}> (components/i18n/client-messages.tsx), which sends only those messages`,
      );
    if (node.text === "ClientIntlProvider" && fromRuntime(file, specifier))
      problems.push(
        `${rel(file)}: renders ClientIntlProvider itself; use <ClientMessages namespaces={…}> (components/i18n/client-messages.tsx), which sends only those messages`,
      );
    const target = resolveLocal(file, specifier);
    if (!target || target === PROVIDER_MODULE) return;
    const provider = providerAt(node, file, outer, providerNames);
    if (!isClient(target)) {
      if (reachesClient(target)) checkServer(target, provider, route);
      return;
    }
    for (const need of clientClosure(target)) {
      if (need.key === CONTEXT ? !provider.file.endsWith("(no provider)") : covers(provider.namespaces, need.key)) continue;
      const gap = `${route} | ${rel(provider.file)}`;
      gaps.set(gap, [...(gaps.get(gap) ?? []), { ...need, via: `${rel(file)} → ${rel(target)}` }]);
    }
  });
  return atChildren;
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return routeFiles(file);
    return /^(page|layout|template|not-found|error|global-error|loading|default)\.tsx$/.test(name) ? [file] : [];
  });
}

describe("the messages each screen sends to the browser", () => {
  const app = path.join(ROOT, "app");
  const files = routeFiles(app);
  const nothing: Provider = { namespaces: [], file: path.join(ROOT, "(no provider)") };
  /** The provider at each folder's `{children}`, from the root layout down. */
  const childProvider = new Map<string, Provider>();
  const providerFor = (dir: string): Provider => {
    const cached = childProvider.get(dir);
    if (cached) return cached;
    const above = dir === app ? nothing : providerFor(path.dirname(dir));
    const layout = path.join(dir, "layout.tsx");
    const provider = existsSync(layout) ? (checkServer(layout, above, rel(layout)) ?? above) : above;
    childProvider.set(dir, provider);
    return provider;
  };

  it("finds the routes, and the root layout sends no messages", () => {
    expect(files.length).toBeGreaterThan(30);
    // A screen whose client components read none (the sign-in screen) loads no translation runtime.
    expect(providerFor(app)).toBe(nothing);
  });

  it("every client component's messages come from the provider above it", () => {
    for (const file of files) {
      const dir = path.dirname(file);
      const name = path.basename(file);
      if (name === "layout.tsx") providerFor(dir);
      // A folder's own not-found, error, loading and page render inside its layout.
      else checkServer(file, providerFor(dir), rel(file));
    }
    expect([...new Set(problems), ...gapProblems()].join("\n")).toBe("");
    // It read the screens' translators (not nothing, as it would if it missed the runtime's hooks).
    expect([...ownNeeds.values()].flat().length).toBeGreaterThan(200);
  });
});

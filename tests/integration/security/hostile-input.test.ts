import { beforeAll, describe, expect, it } from "vitest";
import { anonymousContext, type ServiceContext } from "@/lib/auth/context";
import { withRequestMemo } from "@/lib/auth/request-memo";
import { isAppError } from "@/lib/errors/app-error";
import { errorBody, toAppError } from "@/lib/http/error-response";
import { LOCALES } from "@/lib/i18n/locales";
import { runOperation, type Operation } from "@/lib/operations/operation";
import { OPERATIONS } from "@/lib/operations/registry";
import { makePng } from "@/tests/factories/images";
import { makeTextPdf } from "@/tests/fixtures/pdf";
import { hostileVariants, jsonSchemaOf, pathText, sampleOf } from "@/tests/fixtures/hostile-values";
import { operationCases, seedWorkspace, type WorkspaceData } from "@/tests/fixtures/workspace-data";

/**
 * Hostile input by declaration: every operation a member, an API token or anyone may call is
 * sent, by the administrator of a workspace with one of everything, its plain input and then
 * that input with one field at a time replaced by what a careless or hostile caller sends and its
 * schema still accepts (tests/fixtures/hostile-values.ts): texts as long as allowed in four-byte
 * characters, quotes and SQL, LIKE wildcards, direction marks, a lone surrogate, markup, line
 * breaks with a mail header, ICU syntax, numbers at int4's edge and past it, lists as long as
 * allowed, ids that name nothing. Each call must end in a result or in an error the person is
 * told in words (an AppError other than INTERNAL, whose message reads in all five languages):
 * never the 500 "Something went wrong". The operations of share-link visitors, signers and
 * reviewers act through tokens and have their own tests.
 */
let w: WorkspaceData;
let cases: Record<string, () => unknown>;
let member: ServiceContext;

/** Calls that change who the caller is or remove the workspace's records run after the others. */
const LAST = /^(delete|bulkDelete|remove|logout|switchAccount|updatePassword|setPassword|updateEmail)/;
const operations = OPERATIONS.filter((operation) => operation.callers.some((caller) => ["member", "apiToken", "anyone"].includes(caller)));
const ordered = [
  ...operations.filter((operation) => !LAST.test(operation.name)),
  ...operations.filter((operation) => LAST.test(operation.name) && operation.name !== "deleteUser"),
  ...operations.filter((operation) => operation.name === "deleteUser"),
];

beforeAll(async () => {
  w = await seedWorkspace("H");
  cases = operationCases(w, "hostile-spy");
  // Every paid feature an operation asks for: the plan is never the reason a call is refused here.
  const capabilities = OPERATIONS.flatMap((operation) => (operation.capability ? [operation.capability] : []));
  member = { ...w.ctx, capabilities: new Set([...w.ctx.capabilities, ...capabilities]) };
});

/** The caller: the administrator, its API token where only a token opens the operation, or nobody. */
function callerFor(operation: Operation): ServiceContext {
  if (operation.callers.includes("member")) return member;
  if (operation.callers.includes("apiToken")) return { ...member, via: "token", viaId: w.apiTokenId };
  return anonymousContext();
}

/** An unexpected error in a line: its kind, its code and its message's last line (Prisma's begin with the call's source). */
function explain(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 300);
  const code = "code" in error ? ` ${String(error.code)}` : "";
  const lines = error.message.trim().split("\n");
  return `${error.name}${code}: ${lines[lines.length - 1]}`.slice(0, 300);
}

/**
 * Plain inputs of operations outside the isolation test's cases whose input the schema cannot
 * describe: the uploads (their files are bytes) and a share link's code check (its link).
 */
const bases: Record<string, () => Promise<unknown> | unknown> = {
  uploadUserAvatar: () => ({ files: [{ name: "me.png", bytes: makePng(8, 8) }] }),
  uploadBrandImage: () => ({ kind: "logo", files: [{ name: "logo.png", bytes: makePng(8, 8) }] }),
  verifyAuditTrail: async () => ({ files: [{ name: "audit.json", bytes: new TextEncoder().encode('{"rows":[]}') }] }),
  verifySealedPdf: async () => ({ files: [{ name: "sealed.pdf", bytes: await makeTextPdf([["Not sealed"]]) }] }),
  validateLink: () => ({ linkId: w.doc.linkId, email: freshEmail(), code: "123456" }),
};

let sequence = 0;
/** A new address on every call, so that no call fails because an earlier one took it. */
const freshEmail = () => `hostile-${++sequence}-${Date.now()}@example.test`;

/** Every call's ending: "ok", or the error's code. */
const endings = new Map<string, number>();
const count = (ending: string) => endings.set(ending, (endings.get(ending) ?? 0) + 1);

/** What went wrong with one call, or null: an unexpected error, or an error whose message does not read in a language. */
async function failureOf(operation: Operation, input: unknown): Promise<string | null> {
  try {
    const result = await runOperation(operation, withRequestMemo(callerFor(operation), { readOnly: operation.kind === "query" }), input);
    if (result instanceof Response) await result.arrayBuffer();
    count("ok");
    return null;
  } catch (error) {
    if (!isAppError(error) && !(error && typeof error === "object" && "code" in error && error.code === "P2002")) return explain(error);
    const appError = toAppError(error);
    count(appError.code);
    if (appError.code === "INTERNAL") return `INTERNAL: ${appError.message}`;
    for (const locale of LOCALES) {
      try {
        const body = errorBody(appError, locale);
        if (!body.error.message) return `${appError.code}: no message in ${locale}`;
      } catch (caught) {
        return `${appError.code}: its message fails in ${locale} (${(caught as Error).message})`;
      }
    }
    return null;
  }
}

const show = (value: unknown) => {
  const text = typeof value === "string" ? JSON.stringify(value) : Array.isArray(value) ? `[${value.length} items]` : String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…(${text.length})` : text;
};

describe("hostile input to every declared operation", () => {
  /** How many operations' plain input reached their service (not refused by their own schema). */
  const reached: string[] = [];

  for (const operation of ordered) {
    it(`${operation.name}: every input its schema accepts ends in a result or a worded error`, async () => {
      const base =
        (await bases[operation.name]?.()) ?? cases[operation.name]?.() ?? sampleOf(jsonSchemaOf(operation.input), "", freshEmail);
      const failures: string[] = [];
      const plain = await failureOf(operation, base);
      if (plain) failures.push(`plain input: ${plain}`);
      if (operation.input.safeParse(base).success) reached.push(operation.name);
      for (const variant of hostileVariants(operation.input, base, operation.ids)) {
        const failure = await failureOf(operation, variant.input);
        if (failure) failures.push(`${pathText(variant.path)} = ${show(variant.value)}: ${failure}`);
      }
      expect(failures).toEqual([]);
    });
  }

  it("reached the service of almost every operation with its plain input", () => {
    // A plain input the schema refuses tests only the refusal: the sweep would be hollow for it.
    const refused = ordered.map((operation) => operation.name).filter((name) => !reached.includes(name));
    expect(refused).toEqual([]);
    // The sweep itself: thousands of calls, most of them answered by the services, not the schemas.
    const calls = [...endings.values()].reduce((sum, n) => sum + n, 0);
    console.info(`hostile input: ${calls} calls`, Object.fromEntries([...endings].sort((x, y) => y[1] - x[1])));
    expect(calls).toBeGreaterThan(2000);
    expect(endings.get("ok") ?? 0).toBeGreaterThan(calls / 4);
  });
});

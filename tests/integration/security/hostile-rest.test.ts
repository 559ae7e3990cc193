import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Operation } from "@/lib/operations/operation";
import { OPERATIONS } from "@/lib/registry/operations";
import { OPERATION_ROUTES } from "@/lib/operations/route-table";
import { createAccountToken } from "@/lib/accounts/account-tokens";
import { signedInAs } from "@/tests/factories";
import { jsonRequest, params } from "@/tests/factories/http";
import {
  freshEmails,
  hostileTexts,
  hostileVariants,
  jsonSchemaOf,
  pathText,
  sampleOf,
  show,
  sweepEndings,
  sweepOrder,
  withValue,
} from "@/tests/fixtures/hostile-values";
import { operationCases, seedWorkspace, uploadInputs, type WorkspaceData } from "@/tests/fixtures/workspace-data";

/**
 * Hostile input over HTTP, by the route table: every declared operation a member or anyone may
 * call is sent to its real REST route handler (app/vapp/…/route.ts), as the administrator of a
 * workspace with one of everything (tests/fixtures/workspace-data.ts), by bearer token, in
 * Spanish: first its plain input as a client sends it (path parameters in the path, the rest in
 * the query string for GET or the JSON body otherwise), then with one part at a time replaced:
 *
 * - each path parameter by an id that names nothing, quotes, a LIKE wildcard, four-byte
 *   characters, `..` and a long text;
 * - for GET, each query parameter by hostile texts (tests/fixtures/hostile-values.ts), and the
 *   query given unknown keys (`__proto__`, `constructor`, an empty name);
 * - for the others, each field of the body by the hostile values its schema accepts (as the
 *   sweep by declaration sends them, tests/integration/security/hostile-input.test.ts), and the
 *   body given an unknown field;
 * - an upload goes as multipart/form-data, its details in the `data` part and each file in a
 *   `file` part (`field:<name>` for a template's upload field): the same for its details, and its
 *   files' names and count too.
 *
 * The public API's routes (/v1) are called with a real API key of the workspace.
 * That sweep calls `runOperation`; this one adds what only the REST transport does: the route's
 * own mapping of its query or body to the input, its path parameters, body reading and the answer
 * shaped by the declared output. Each answer must be below 500, and a refusal must carry our code
 * (never INTERNAL) and a message. The people without an account (share-link visitors, reviewers,
 * signers) are swept by declaration, with their links' tokens.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");

const swept = OPERATIONS.filter((operation) => operation.callers.some((caller) => ["member", "anyone", "apiToken"].includes(caller)));
const ordered = sweepOrder(swept, (operation) => operation.name);

let w: WorkspaceData;
let cases: Record<string, () => unknown>;
let accessToken: string;
let apiKey: string;

beforeAll(async () => {
  w = await seedWorkspace("R");
  cases = operationCases(w, "rest-spy");
  ({ accessToken } = await signedInAs(w.ownerId, w.accountId));
  ({ key: apiKey } = await createAccountToken(w.ctx, { name: "R's sweep" }));
});

const freshEmail = freshEmails("hostile-rest");

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type UploadFile = { name: string; bytes: Uint8Array; field?: string | null };
type Call = { pathParams: Record<string, string>; query: Record<string, string>; body: unknown; files?: UploadFile[] };

const routeOf = (operation: Operation) => OPERATION_ROUTES[operation.name as keyof typeof OPERATION_ROUTES];
const paramNames = (operation: Operation) => [...routeOf(operation).path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
const isRead = (operation: Operation) => routeOf(operation).method === "GET";

/** A query string's value of an input's field: texts as they are, the rest as JSON would write them. */
const queryText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/** An operation's plain input: its case's, else a sample of its schema. */
async function plainInput(operation: Operation): Promise<Record<string, unknown>> {
  const input =
    (await uploadInputs[operation.name]?.()) ?? cases[operation.name]?.() ?? sampleOf(jsonSchemaOf(operation.input), "", freshEmail);
  return (input ?? {}) as Record<string, unknown>;
}

/** An input split as a client sends it: path parameters, then the query (GET), or the body and an upload's files. */
function callOf(operation: Operation, input: Record<string, unknown>): Call {
  const names = paramNames(operation);
  const pathParams = Object.fromEntries(names.map((name) => [name, String(input[name] ?? w.doc.id)]));
  const { files, ...rest } = Object.fromEntries(
    Object.entries(input).filter(([key, value]) => !names.includes(key) && value !== undefined),
  );
  if (isRead(operation))
    return { pathParams, query: Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, queryText(value)])), body: undefined };
  return operation.kind === "upload"
    ? { pathParams, query: {}, body: rest, files: (files as UploadFile[] | undefined) ?? [] }
    : { pathParams, query: {}, body: input.files === undefined ? rest : { ...rest, files } };
}

/** An upload's request body: its details as the `data` part, each file as a `file` part (`field:<name>` for a field's). */
function multipart(call: Call): FormData {
  const form = new FormData();
  form.set("data", JSON.stringify(call.body ?? {}));
  for (const file of call.files ?? [])
    form.append(file.field ? `field:${file.field}` : "file", new File([file.bytes as BlobPart], file.name));
  return form;
}

/** Every ending: "ok", or the refusal's code. */
const endings = sweepEndings();

/** What went wrong with one request, or null: a 5xx, or a refusal without our code or without words. */
async function failureOf(operation: Operation, call: Call, credentials?: Record<string, string>): Promise<string | null> {
  const { method, path: template } = routeOf(operation);
  const file = path.join(ROOT, "app", template.replace(/\{(\w+)\}/g, "[$1]"), "route.ts");
  const handler = ((await import(file)) as Record<string, Handler>)[method]!;
  const url = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(call.pathParams[name] ?? ""));
  const search = new URLSearchParams(call.query).toString();
  const address = `${url}${search ? `?${search}` : ""}`;
  // The public API's routes take the workspace's API key; the rest, the administrator's session.
  const headers = {
    ...(credentials ?? (template.startsWith("/v1/") ? { "x-api-key": apiKey } : { authorization: `Bearer ${accessToken}` })),
    "x-language": "es",
  };
  const request =
    operation.kind === "upload" && call.files
      ? new Request(`http://localhost:3000${address}`, { method, headers, body: multipart(call) })
      : jsonRequest(method, address, { body: call.body, csrf: false, headers });
  const response = await handler(request, params(call.pathParams));
  const text = await response.text();
  if (response.status >= 500) return `HTTP ${response.status}: ${text.slice(0, 200)}`;
  if (response.ok) {
    endings.count("ok");
    return null;
  }
  const error = (() => {
    try {
      return (JSON.parse(text) as { error?: { code?: string; message?: string } }).error;
    } catch {
      return undefined;
    }
  })();
  endings.count(error?.code ?? `HTTP ${response.status}`);
  if (!error?.code || error.code === "INTERNAL")
    return `HTTP ${response.status} ${error?.code ?? "without our error"}: ${text.slice(0, 200)}`;
  if (!error.message) return `${error.code}: no message`;
  return null;
}

/** What a hostile client puts in a path parameter. */
const HOSTILE_PARAMS = ["id-that-names-nothing", "'", "%", "𝔘", "..", "a\u202eb", "x".repeat(300)];
/** Query keys a hostile client adds. */
const ODD_KEYS = ["__proto__", "constructor", ""];

describe("hostile input to every REST route of a declared operation", () => {
  for (const operation of ordered) {
    it(`${routeOf(operation).method} ${routeOf(operation).path} (${operation.name}): every request ends in a result or a worded refusal`, async () => {
      const input = await plainInput(operation);
      const base = callOf(operation, input);
      const failures: string[] = [];
      const report = async (what: string, call: Call) => {
        const failure = await failureOf(operation, call);
        if (failure) failures.push(`${what}: ${failure}`);
      };
      await report("plain request", base);
      for (const name of Object.keys(base.pathParams))
        for (const value of HOSTILE_PARAMS)
          await report(`path {${name}} = ${show(value)}`, { ...base, pathParams: { ...base.pathParams, [name]: value } });
      if (isRead(operation)) {
        for (const key of Object.keys(base.query))
          for (const value of hostileTexts(2_000))
            await report(`?${key}= ${show(value)}`, { ...base, query: { ...base.query, [key]: value } });
        for (const key of ODD_KEYS) await report(`?${key || "(empty name)"}=1`, { ...base, query: { ...base.query, [key]: "1" } });
      } else {
        const names = paramNames(operation);
        for (const variant of hostileVariants(operation.input, input, operation.ids)) {
          if (names.includes(String(variant.path[0]))) continue;
          const call = callOf(operation, withValue(input, variant.path, variant.value) as Record<string, unknown>);
          await report(`${operation.kind === "upload" ? "upload" : "body"} ${pathText(variant.path)} = ${show(variant.value)}`, call);
        }
        await report("body with an unknown field", { ...base, body: { ...(base.body as object), unknownField: "x" } });
      }
      expect(failures).toEqual([]);
    }, 120_000);
  }

  it("was a sweep: thousands of requests, a fair share of them answered", () => {
    const requests = endings.total();
    console.info(`hostile REST input: ${requests} requests`, endings.report());
    expect(ordered.length).toBeGreaterThan(150);
    expect(requests).toBeGreaterThan(2000);
    expect(endings.get("ok")).toBeGreaterThan(requests / 10);
  });
});

/**
 * Credentials a hostile client forges, in every place a request carries them (lib/auth/
 * get-request-context.ts): a session token or cookie, a share link's access token, an API key, a
 * reviewer's or signer's `signed` token, in the header or the query, and a workspace to act in
 * beside a real session. Sent to two routes of each kind of caller; each must end in a worded
 * refusal (or, where anyone may call, a result), never a 5xx.
 */
describe("hostile credentials on the routes of each kind of caller", () => {
  const FORGED = [
    "'",
    "%",
    "x".repeat(10_000),
    "\u00ff\u00fe",
    "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJ4Iiwic2lkIjoieCJ9.",
    "a.b.c",
  ];
  const places: Record<string, (value: string) => { headers: Record<string, string>; query?: Record<string, string> }> = {
    "authorization: Bearer": (value) => ({ headers: { authorization: `Bearer ${value}` } }),
    "session cookie": (value) => ({ headers: { cookie: `next-auth.session-token=${encodeURIComponent(value)}` } }),
    "x-api-key": (value) => ({ headers: { "x-api-key": value } }),
    "signed header": (value) => ({ headers: { signed: value } }),
    "?signed=": (value) => ({ headers: {}, query: { signed: value } }),
    "x-account-id beside a real session": (value) => ({ headers: { authorization: `Bearer ${accessToken}`, "x-account-id": value } }),
  };
  /** Two operations of each kind of caller. */
  const kinds = (["member", "anyone", "apiToken", "visitor", "reviewer", "signer"] as const).flatMap((caller) =>
    OPERATIONS.filter((operation) => operation.callers.includes(caller) && operation.kind !== "upload").slice(0, 2),
  );

  for (const operation of kinds) {
    it(`${routeOf(operation).method} ${routeOf(operation).path} (${operation.callers.join(", ")}): forged credentials end in a worded refusal`, async () => {
      const failures: string[] = [];
      const base = callOf(operation, await plainInput(operation));
      for (const [place, put] of Object.entries(places))
        for (const value of FORGED) {
          const { headers, query } = put(value);
          const failure = await failureOf(operation, { ...base, query: { ...base.query, ...query } }, headers);
          if (failure) failures.push(`${place} = ${show(value)}: ${failure}`);
        }
      expect(failures).toEqual([]);
    });
  }
});

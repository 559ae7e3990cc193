import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import * as route from "@/app/v1/openapi.json/route";
import { buildOpenApiDocument, openApiDocument } from "@/lib/registry/openapi";
import { OPERATION_NOTES } from "@/lib/api/openapi-notes";
import { JSON_SCHEMA_OPTIONS } from "@/lib/api/openapi-schemas";
import { OPERATIONS } from "@/lib/registry/operations";
import { OPERATION_ROUTES } from "@/lib/operations/route-table";

/**
 * GET /v1/openapi.json is generated from the declarations (lib/registry/openapi.ts): every operation an
 * API token may call is there, where its route is, named after it, with the schemas zod gives its
 * input and output; and the document is valid OpenAPI 3.1 by Redocly's linter.
 */

const ROOT = path.resolve(import.meta.dirname, "../../..");
const doc = buildOpenApiDocument();
type Json = Record<string, unknown>;

/** What zod itself gives (the expected side: z.toJSONSchema, not the document's helper). */
const zodSchema = (schema: z.ZodType, io: "input" | "output") => {
  const result = z.toJSONSchema(schema, { ...JSON_SCHEMA_OPTIONS, io }) as Json;
  delete result.$schema;
  return result;
};

/** A document schema with its components/schemas reference followed (a self-referring schema's), refs back to zod's `#`. */
function inline(schema: Json): Json {
  const ref = schema.$ref as string | undefined;
  if (!ref) return schema;
  const name = ref.replace("#/components/schemas/", "");
  const target = (doc.components.schemas as Record<string, Json>)[name];
  return JSON.parse(JSON.stringify(target).replaceAll(`"#/components/schemas/${name}"`, '"#"')) as Json;
}

/** Without `description` keys: the notes add field descriptions to answers (lib/api/openapi-notes.ts). */
const withoutDescriptions = (schema: unknown): unknown =>
  JSON.parse(JSON.stringify(schema, (key, value) => (key === "description" && typeof value === "string" ? undefined : value)));

const documented = OPERATIONS.filter((operation) => operation.callers.includes("apiToken"));

describe("the OpenAPI document", () => {
  it("describes exactly the operations an API token may call, the public API's among them", () => {
    const described = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => (op as Json).operationId));
    expect(described.sort()).toEqual(documented.map((operation) => operation.name).sort());
    expect(described).toEqual(expect.arrayContaining(["findTemplates", "getTemplate"]));
    expect(new Set(described).size).toBe(described.length);
  });

  it("is built once per process and served as it is", async () => {
    expect(openApiDocument()).toBe(openApiDocument());
    const response = await route.GET();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  });

  it("has notes only for declared operations", () => {
    const names = new Set(OPERATIONS.map((operation) => operation.name));
    for (const name of Object.keys(OPERATION_NOTES)) expect(names.has(name), name).toBe(true);
  });

  for (const operation of documented) {
    it(`${operation.name}: its route, name, description, parameters, body, answer and errors`, async () => {
      const { method, path: urlPath } = OPERATION_ROUTES[operation.name as keyof typeof OPERATION_ROUTES];
      const described = (doc.paths as Record<string, Record<string, Json>>)[urlPath]?.[method.toLowerCase()];
      expect(described?.operationId).toBe(operation.name);
      const note = OPERATION_NOTES[operation.name];
      expect(described.description).toBe(note?.description ?? operation.description);

      // The route's success status (restRoute tags its handler with it; a route that wraps one, the page image's, answers 200).
      const file = path.join(ROOT, "app", urlPath.replace(/\{(\w+)\}/g, "[$1]"), "route.ts");
      const handler = ((await import(file)) as Record<string, { status?: number }>)[method];
      const responses = described.responses as Record<string, Json>;
      expect(Object.keys(responses)[0]).toBe(String(handler.status ?? 200));

      // Input: path parameters, then the query (GET) or the body, each as zod gives it.
      const input = zodSchema(operation.input, "input");
      const properties = (input.properties ?? {}) as Record<string, Json>;
      const required = new Set((input.required ?? []) as string[]);
      const inPath = [...urlPath.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const parameters = (described.parameters ?? []) as Json[];
      for (const name of inPath)
        expect(parameters.find((p) => p.name === name && p.in === "path")).toMatchObject({ required: true, schema: properties[name] });
      const rest = Object.keys(properties).filter((name) => !inPath.includes(name) && !(operation.kind === "upload" && name === "files"));
      if (method === "GET") {
        expect(described.requestBody).toBeUndefined();
        const query = parameters.filter((p) => p.in === "query");
        expect(query.map((p) => p.name).sort()).toEqual(rest.sort());
        for (const p of query)
          expect(p, p.name as string).toMatchObject({ schema: properties[p.name as string], required: required.has(p.name as string) });
      } else {
        const content = (described.requestBody as { content: Record<string, { schema: Json }> }).content;
        const body = inline(content[operation.kind === "upload" ? "multipart/form-data" : "application/json"].schema);
        const sent = operation.kind === "upload" ? inline((body.properties as Record<string, Json>).data) : body;
        expect(Object.keys((sent.properties ?? {}) as Json).sort()).toEqual(rest.sort());
        for (const name of rest) expect((sent.properties as Json)[name], name).toEqual(properties[name]);
        expect(new Set((sent.required ?? []) as string[])).toEqual(new Set(rest.filter((name) => required.has(name))));
      }

      // Output: a download's file, else the output schema as zod gives it.
      const success = Object.values(responses)[0].content as Record<string, { schema: Json }>;
      if (operation.kind === "download") expect(Object.keys(success)).toEqual(["application/octet-stream"]);
      else
        expect(withoutDescriptions(inline(success["application/json"].schema))).toEqual(
          withoutDescriptions(zodSchema(operation.output, "output")),
        );

      // Errors: every one is refused for bad input, no credential and too many failed keys.
      expect(Object.keys(responses)).toEqual(expect.arrayContaining(["400", "401", "429"]));
      if (operation.ids?.length || inPath.length) expect(Object.keys(responses)).toEqual(expect.arrayContaining(["403", "404"]));
      if (operation.permission) expect(Object.keys(responses)).toContain("403");
      expect(described.security).toEqual(operation.callers.includes("member") ? [{ apiKey: [] }, { bearerAuth: [] }] : [{ apiKey: [] }]);
    });
  }

  it("gives the error body of lib/http/error-response.ts and Retry-After on 429", () => {
    const error = (doc.components.schemas as Record<string, Json>).Error;
    expect(error).toMatchObject({ required: ["error"], properties: { error: { required: ["code", "type", "message"] } } });
    expect(doc.components.responses.TooManyRequests.headers).toHaveProperty("Retry-After");
  });

  describe("Redocly's lint", () => {
    let dir: string | undefined;
    afterAll(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it("finds no error (warnings allowed)", { timeout: 120_000 }, async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), "openapi-"));
      const file = path.join(dir, "openapi.json");
      await writeFile(file, JSON.stringify(openApiDocument()));
      const cli = path.join(ROOT, "node_modules/@redocly/cli/bin/cli.js");
      const { stdout } = await promisify(execFile)(process.execPath, [cli, "lint", file, "--format=json", "--max-problems=10000"], {
        cwd: dir,
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
        maxBuffer: 64 * 1024 * 1024,
      }).catch((error: { stdout?: string; stderr?: string }) => {
        throw new Error(`redocly lint failed:\n${error.stdout ?? ""}\n${error.stderr ?? ""}`.slice(0, 8000));
      });
      const report = JSON.parse(stdout.slice(stdout.indexOf("{"))) as { problems: { ruleId: string; severity: string; message: string }[] };
      const errors = report.problems.filter((problem) => problem.severity === "error");
      expect(errors.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
    });
  });
});

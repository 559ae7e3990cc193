import path from "node:path";
import { describe, expect, it } from "vitest";
import { OPERATIONS } from "@/lib/operations/registry";
import { OPERATION_ROUTES } from "@/lib/operations/routes";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/**
 * lib/operations/routes.ts, which the browser's typed client reads, says where each declared
 * operation is served: every declaration has its route there, and the route file at that path
 * exports that method built from that declaration (restRoute tags its handler).
 */
describe("the REST routes of the declared operations", () => {
  it("names a route for every declaration and nothing else", () => {
    expect(OPERATIONS.map((o) => o.name).sort()).toEqual(Object.keys(OPERATION_ROUTES).sort());
  });

  for (const operation of OPERATIONS) {
    it(`${operation.name} is served where lib/operations/routes.ts says`, async () => {
      const { method, path: urlPath } = OPERATION_ROUTES[operation.name as keyof typeof OPERATION_ROUTES];
      const file = path.join(ROOT, "app", urlPath.replace(/\{(\w+)\}/g, "[$1]"), "route.ts");
      const routeModule = (await import(file)) as Record<string, { operation?: unknown } | undefined>;
      expect(routeModule[method]?.operation).toBe(operation);
    });
  }
});

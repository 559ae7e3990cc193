import path from "node:path";
import { describe, expect, it } from "vitest";
import { OPERATIONS } from "@/lib/registry/operations";
import { OPERATION_ROUTES, ROUTE_MODULES } from "@/lib/operations/route-table";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/**
 * lib/operations/routes/, whose handles the screens give the browser's typed client, says where
 * each declared operation is served: every declaration has its handle there, named after it, and
 * the route file at that path exports that method built from that declaration (restRoute tags its
 * handler).
 */
describe("the REST routes of the declared operations", () => {
  it("names a route for every declaration and nothing else", () => {
    expect(OPERATIONS.map((o) => o.name).sort()).toEqual(Object.keys(OPERATION_ROUTES).sort());
    const handles = Object.values(ROUTE_MODULES).flatMap((domain) => Object.entries(domain));
    expect(handles.length).toBe(OPERATIONS.length);
  });

  it("names each handle after its operation (`<name>Op`)", () => {
    for (const handles of Object.values(ROUTE_MODULES))
      for (const [exported, handle] of Object.entries(handles)) expect(exported).toBe(`${handle.name}Op`);
  });

  for (const operation of OPERATIONS) {
    it(`${operation.name} is served where its handle says`, async () => {
      const { method, path: urlPath } = OPERATION_ROUTES[operation.name as keyof typeof OPERATION_ROUTES];
      const file = path.join(ROOT, "app", urlPath.replace(/\{(\w+)\}/g, "[$1]"), "route.ts");
      const routeModule = (await import(file)) as Record<string, { operation?: unknown } | undefined>;
      expect(routeModule[method]?.operation).toBe(operation);
    });
  }
});

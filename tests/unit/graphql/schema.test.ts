import { readFileSync } from "node:fs";
import { printSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { schema } from "@/lib/graphql/schema";

describe("GraphQL schema", () => {
  it("matches the committed lib/graphql/schema.graphql (run npm run graphql:print)", () => {
    expect(`${printSchema(schema)}\n`).toBe(readFileSync("lib/graphql/schema.graphql", "utf8"));
  });

  it("names the operations of spec section 7", () => {
    const query = schema.getQueryType()!.getFields();
    const mutation = schema.getMutationType()!.getFields();
    for (const name of ["me", "account", "accountPolicies", "accountRoles", "tokens", "accountSamlSlug"])
      expect(query).toHaveProperty(name);
    for (const name of ["acceptTos", "updateUser", "updatePassword", "updateEmail", "updateUserMetadata", "deleteUser"]) {
      expect(mutation).toHaveProperty(name);
    }
  });
});

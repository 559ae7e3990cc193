import { describe, expect, it } from "vitest";
import { z } from "zod";
import { route } from "@/lib/http/route";
import { membershipSchema } from "@/lib/accounts/member";
import { jsonRequest } from "@/tests/factories/http";

/** A route's declared output is what leaves the server: fields outside it never do. */
describe("route() output schemas", () => {
  const row = {
    id: "p1",
    accountId: "a1",
    userId: "u1",
    roleId: "role_member",
    status: "active",
    accessedAt: null,
    createdAt: new Date("2026-01-02T03:04:05Z"),
    metadata: { invitedBy: "u0" },
    user: { id: "u1", email: "a@example.test", passwordHash: "$argon2id$v=19$secret", phone: "+34600000000" },
  };

  it("drops every field the schema does not declare, nested ones included", async () => {
    const GET = route({ operation: "test", output: membershipSchema, status: 201 }, async () => row);
    const response = await GET(jsonRequest("GET", "/test"));
    expect(response.status).toBe(201);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      id: "p1",
      accountId: "a1",
      userId: "u1",
      roleId: "role_member",
      status: "active",
      accessedAt: null,
      createdAt: "2026-01-02T03:04:05.000Z",
    });
    expect(text).not.toContain("argon2");
    expect(text).not.toContain("+34600000000");
  });

  it("answers a result that does not fit its schema as a server error, without sending it", async () => {
    const GET = route({ operation: "test", output: z.object({ id: z.number() }) }, async () => row);
    const response = await GET(jsonRequest("GET", "/test"));
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain("argon2");
  });
});

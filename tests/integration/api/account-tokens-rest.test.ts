import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import * as tokens from "@/app/vapp/accounts/tokens/route";
import * as token from "@/app/vapp/accounts/tokens/[id]/route";
import * as templates from "@/app/v1/templates/route";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { jsonRequest, params } from "@/tests/factories/http";

/** REST twins of GraphQL `tokens`, `createToken` and `deleteToken` (workspace settings → Integrations). */
type TokenRow = { id: string; name: string; keyPrefix: string; active: boolean; used: number; usedAt: string | null; createdAt: string };

let admin: string;
let member: string;
let other: { token: string; accountId: string };

const as = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
const call = (method: string, path: string, accessToken: string, body?: unknown) =>
  jsonRequest(method, path, { body, headers: as(accessToken), csrf: false });
const create = (name: string, accessToken = admin) => tokens.POST(call("POST", "/vapp/accounts/tokens", accessToken, { name }));
const listOf = async (accessToken = admin) =>
  (await (await tokens.GET(call("GET", "/vapp/accounts/tokens", accessToken))).json()) as TokenRow[];
const revoke = (id: string, accessToken = admin) =>
  token.DELETE(call("DELETE", `/vapp/accounts/tokens/${id}`, accessToken), params({ id }));
const useKey = (key: string) => templates.GET(jsonRequest("GET", "/v1/templates", { headers: { "api-key": key } }));

beforeAll(async () => {
  const { account, owner } = await createAccount("Tokens");
  admin = (await signedInAs(owner.id, account.id)).accessToken;
  const person = await addMember(account.id, "Member");
  member = (await signedInAs(person.id, account.id)).accessToken;
  const b = await createAccount("TokensB");
  other = { token: (await signedInAs(b.owner.id, b.account.id)).accessToken, accountId: b.account.id };
});

describe("API token REST routes", () => {
  it("creates a token and answers its key this once; the list never carries keys", async () => {
    const response = await create("Zapier");
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created).toMatchObject({ name: "Zapier", active: true, used: 0, usedAt: null });
    expect(created.key).toMatch(/^cvt_/);
    expect(created.keyPrefix).toBe(created.key.slice(0, 8));
    expect(created).not.toHaveProperty("keyHash");

    const listed = await listOf();
    const row = listed.find((t) => t.id === created.id)!;
    expect(row).toMatchObject({ name: "Zapier", keyPrefix: created.keyPrefix, active: true });
    const text = JSON.stringify(listed);
    expect(text).not.toContain(created.key);
    expect(text).not.toContain("keyHash");
    expect(listed.every((t) => !("key" in t))).toBe(true);

    const stored = await db.accountToken.findUniqueOrThrow({ where: { id: created.id } });
    expect(stored.keyHash).not.toBe(created.key);
  });

  it("revoking makes the key fail with 401, and the list shows it revoked", async () => {
    const { id, key } = await (await create("Short-lived")).json();
    expect((await useKey(key)).status).toBe(200);
    const response = await revoke(id);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id, active: false });
    expect((await useKey(key)).status).toBe(401);
    expect((await listOf()).find((t) => t.id === id)).toMatchObject({ active: false });
    const audit = await db.audit.findFirst({ where: { targetId: id, eventType: "accountToken.revoked" } });
    expect(audit).not.toBeNull();
  });

  it("shows the last use after the key is used", async () => {
    const { id, key } = await (await create("Reporting")).json();
    await useKey(key);
    const row = (await listOf()).find((t) => t.id === id)!;
    expect(row.used).toBe(1);
    expect(row.usedAt).not.toBeNull();
  });

  it("validates the name", async () => {
    for (const body of [{ name: "" }, { name: "x".repeat(101) }, { name: "ok", extra: true }]) {
      const response = await tokens.POST(call("POST", "/vapp/accounts/tokens", admin, body));
      expect(response.status).toBe(400);
    }
    const missing = await tokens.POST(call("POST", "/vapp/accounts/tokens", admin, {}));
    expect((await missing.json()).error.code).toBe("MISSING_PARAMETER");
  });

  it("needs ManageTokens: a Member gets 403 on every route", async () => {
    const { id } = await (await create("Admin's")).json();
    expect((await tokens.GET(call("GET", "/vapp/accounts/tokens", member))).status).toBe(403);
    expect((await create("Mine", member)).status).toBe(403);
    expect((await revoke(id, member)).status).toBe(403);
    expect(await db.accountToken.findUniqueOrThrow({ where: { id } })).toMatchObject({ active: true });
  });

  it("needs a session and CSRF from a browser", async () => {
    expect((await tokens.GET(jsonRequest("GET", "/vapp/accounts/tokens"))).status).toBe(401);
    const forged = await tokens.POST(
      jsonRequest("POST", "/vapp/accounts/tokens", { body: { name: "x" }, csrf: false, cookies: { "next-auth.session-token": "x" } }),
    );
    expect(forged.status).toBe(403);
  });

  it("another workspace's Administrator cannot see or revoke the token (404)", async () => {
    const { id, key } = await (await create("Private")).json();
    expect(JSON.stringify(await listOf(other.token))).not.toContain(id);
    expect((await revoke(id, other.token)).status).toBe(404);
    expect((await useKey(key)).status).toBe(200);
  });
});

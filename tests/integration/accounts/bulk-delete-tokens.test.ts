import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import * as tokensBulk from "@/app/vapp/accounts/tokens/bulk-delete/route";
import * as templates from "@/app/v1/templates/route";
import { createAccountToken, revokeAccountTokens } from "@/lib/accounts/account-tokens";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest } from "@/tests/factories/http";

/** bulkDeleteTokens and POST /vapp/accounts/tokens/bulk-delete: revoke several tokens, all or none. */
async function workspace() {
  const { account, owner } = await createAccount("Bulk tokens");
  const { ctx, accessToken } = await signedInAs(owner.id, account.id);
  const tokens = [
    await createAccountToken(ctx, { name: "Zapier" }),
    await createAccountToken(ctx, { name: "CRM" }),
    await createAccountToken(ctx, { name: "Backup" }),
  ];
  return { account, ctx, accessToken, tokens };
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "OK",
    (error: { code?: string }) => error.code ?? String(error),
  );
const useKey = (key: string) => templates.GET(jsonRequest("GET", "/v1/templates", { headers: { "api-key": key } }));
const activeOf = async (accountId: string) =>
  (await db.accountToken.findMany({ where: { accountId, active: true }, select: { name: true }, orderBy: { name: "asc" } })).map(
    (t) => t.name,
  );

describe("bulkDeleteTokens", () => {
  it("revokes several tokens: their keys fail at once, one audit row each", async () => {
    const w = await workspace();
    const [zapier, crm, backup] = w.tokens;
    const revoked = await revokeAccountTokens(w.ctx, [crm.id, zapier.id, crm.id]);
    expect(revoked.map((t) => [t.id, t.active])).toEqual([
      [crm.id, false],
      [zapier.id, false],
    ]);
    expect(JSON.stringify(revoked)).not.toContain("keyHash");
    expect((await useKey(zapier.key)).status).toBe(401);
    expect((await useKey(backup.key)).status).toBe(200);
    expect(await activeOf(w.account.id)).toEqual(["Backup"]);
    const audits = await db.audit.findMany({ where: { accountId: w.account.id, eventType: "accountToken.revoked" } });
    expect(audits.map((a) => a.targetId).sort()).toEqual([crm.id, zapier.id].sort());
  });

  it("is all or none: an unknown id or another workspace's token revokes nothing", async () => {
    const w = await workspace();
    const other = await workspace();
    expect(await codeOf(revokeAccountTokens(w.ctx, [w.tokens[0].id, "missing"]))).toBe("NOT_FOUND");
    expect(await codeOf(revokeAccountTokens(w.ctx, [w.tokens[0].id, other.tokens[0].id]))).toBe("NOT_FOUND");
    expect(await activeOf(w.account.id)).toEqual(["Backup", "CRM", "Zapier"]);
    expect(await activeOf(other.account.id)).toEqual(["Backup", "CRM", "Zapier"]);
    expect(
      await db.audit.count({ where: { accountId: { in: [w.account.id, other.account.id] }, eventType: "accountToken.revoked" } }),
    ).toBe(0);
  });

  it("needs ManageTokens, and works over GraphQL and REST", async () => {
    const w = await workspace();
    const member = await addMember(w.account.id, "Member");
    const { accessToken: memberToken } = await signedInAs(member.id, w.account.id);
    const query = "mutation ($ids: [ID!]!) { bulkDeleteTokens(ids: $ids) }";
    const refused = await graphql(query, { accessToken: memberToken, variables: { ids: [w.tokens[0].id] } });
    expect(refused.errors?.[0].extensions.code).toBe("FORBIDDEN");
    expect(await activeOf(w.account.id)).toEqual(["Backup", "CRM", "Zapier"]);

    const done = await graphql(query, { accessToken: w.accessToken, variables: { ids: [w.tokens[0].id] } });
    expect(done.data).toEqual({ bulkDeleteTokens: [w.tokens[0].id] });
    const request = (ids: unknown, accessToken = w.accessToken) =>
      jsonRequest("POST", "/vapp/accounts/tokens/bulk-delete", {
        body: { ids },
        headers: { authorization: `Bearer ${accessToken}` },
        csrf: false,
      });
    const response = await tokensBulk.POST(request([w.tokens[1].id, w.tokens[2].id]));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ids: [w.tokens[1].id, w.tokens[2].id] });
    expect(await activeOf(w.account.id)).toEqual([]);
    expect((await tokensBulk.POST(request([]))).status).toBe(400);
    expect((await tokensBulk.POST(request([w.tokens[0].id], memberToken))).status).toBe(403);
  });
});

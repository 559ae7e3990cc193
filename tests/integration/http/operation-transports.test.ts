import { describe, expect, it } from "vitest";
import * as bulkDelete from "@/app/vapp/accounts/policies/bulk-delete/route";
import * as policies from "@/app/vapp/accounts/policies/route";
import { createAccount, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest } from "@/tests/factories/http";

/**
 * A declared operation answers bad input the same way on both transports (issue 14): the same
 * code and field problems, in the caller's language; REST with 400, never a 5xx.
 */
type Problem = { code: string; details?: { fields?: { path: string; code: string }[] } };

async function bothTransports(rest: (token: string) => Promise<Response>, query: string, variables: Record<string, unknown>) {
  const { account, owner } = await createAccount("Transports");
  const { accessToken } = await signedInAs(owner.id, account.id);
  const response = await rest(accessToken);
  const restError = ((await response.json()) as { error: Problem & { message: string } }).error;
  const result = await graphql(query, { accessToken, variables, headers: { "x-language": "es" } });
  const gqlError = result.errors?.[0].extensions as unknown as Problem & { message: string };
  return { status: response.status, restError, gqlError };
}

describe("the same refusal over REST and GraphQL", () => {
  it("over the limit: 501 ids to remove", async () => {
    const ids = Array.from({ length: 501 }, (_, i) => `id${i}`);
    const { status, restError, gqlError } = await bothTransports(
      (token) =>
        bulkDelete.POST(
          jsonRequest("POST", "/vapp/accounts/policies/bulk-delete", {
            body: { ids },
            headers: { authorization: `Bearer ${token}`, "x-language": "es" },
            csrf: false,
          }),
        ),
      "mutation Remove($ids: [ID!]!) { bulkDeleteAccountPolicies(ids: $ids) }",
      { ids },
    );
    expect(status).toBe(400);
    expect(gqlError).toMatchObject({ code: "BAD_USER_INPUT", reason: restError.code, type: "validation" });
    expect(gqlError.details).toEqual(restError.details);
    expect(gqlError.message).toBe(restError.message);
  });

  // (An unknown status is refused by GraphQL itself now that it is an enum: the enum tests of bad-input-transports.test.ts.)
  it("malformed: a page size of 0 in the members list", async () => {
    const { status, restError, gqlError } = await bothTransports(
      (token) =>
        policies.GET(
          jsonRequest("GET", "/vapp/accounts/policies?size=0&status=active", {
            headers: { authorization: `Bearer ${token}`, "x-language": "es" },
          }),
        ),
      "query Members($size: Int, $filter: AccountPolicyFilterInput) { accountPolicies(size: $size, filter: $filter) { total } }",
      { size: 0, filter: { status: "active" } },
    );
    expect(status).toBe(400);
    expect(gqlError).toMatchObject({ code: "BAD_USER_INPUT", reason: restError.code, type: "validation" });
    expect(gqlError.details?.fields?.map((f) => [f.path, f.code])).toEqual(restError.details?.fields?.map((f) => [f.path, f.code]));
  });
});

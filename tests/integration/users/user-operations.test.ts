import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import * as metadataRoute from "@/app/vapp/users/metadata/route";
import * as passwordRoute from "@/app/vapp/users/password/route";
import * as usersRoute from "@/app/vapp/users/route";
import * as samlSlugRoute from "@/app/vapp/accounts/saml-slug/route";
import * as tokensBulkDelete from "@/app/vapp/accounts/tokens/bulk-delete/route";
import * as loginRoute from "@/app/vapp/auth/provider/local/route";
import { hashPassword } from "@/lib/auth/crypto";
import { createAccount, createUser, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest, setCookies } from "@/tests/factories/http";

/**
 * The REST rows added for operations that were GraphQL only (the browser's typed client calls
 * REST): PATCH /vapp/users (updateUser), POST /vapp/users/password (updatePassword), PATCH
 * /vapp/users/metadata (updateUserMetadata), GET /vapp/accounts/saml-slug (accountSamlSlug). Each
 * runs the same declaration as its GraphQL field: same answer, same refusals.
 */
const as = (token: string) => ({ headers: { authorization: `Bearer ${token}` }, csrf: false });

describe("the person's operations over REST and GraphQL", () => {
  it("PATCH /vapp/users changes the profile like updateUser, never with the password hash", async () => {
    const user = await createUser();
    const { accessToken } = await signedInAs(user.id);
    const response = await usersRoute.PATCH(
      jsonRequest("PATCH", "/vapp/users", { body: { firstName: "Ada", phone: null, language: "es" }, ...as(accessToken) }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ id: user.id, firstName: "Ada", phone: null, language: "es", hasPassword: expect.any(Boolean) });
    expect(body).not.toHaveProperty("passwordHash");

    const viaGraphql = await graphql<{ updateUser: { firstName: string; language: string } }>(
      "mutation ($data: UpdateUserInput!) { updateUser(data: $data) { firstName language } }",
      { accessToken, variables: { data: { firstName: "Grace", language: "ca" } } },
    );
    expect(viaGraphql.data?.updateUser).toEqual({ firstName: "Grace", language: "ca" });
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { firstName: true } })).toEqual({ firstName: "Grace" });
  });

  it("refuses an unknown language the same way on both transports", async () => {
    const user = await createUser();
    const { accessToken } = await signedInAs(user.id);
    const response = await usersRoute.PATCH(jsonRequest("PATCH", "/vapp/users", { body: { language: "xx" }, ...as(accessToken) }));
    expect(response.status).toBe(400);
    const restError = ((await response.json()) as { error: { code: string; details?: unknown } }).error;
    const result = await graphql("mutation ($data: UpdateUserInput!) { updateUser(data: $data) { id } }", {
      accessToken,
      variables: { data: { language: "xx" } },
    });
    const extensions = result.errors?.[0].extensions as { type: string; details?: unknown };
    expect(extensions.type).toBe("validation");
    expect(extensions.details).toEqual(restError.details);
  });

  it("POST /vapp/users/password changes the password given the current one", async () => {
    const user = await createUser();
    await db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword("Old-password1") } });
    const { accessToken } = await signedInAs(user.id);
    const wrong = await passwordRoute.POST(
      jsonRequest("POST", "/vapp/users/password", { body: { currentPassword: "nope", password: "New-password2" }, ...as(accessToken) }),
    );
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(wrong.status).toBeLessThan(500);
    const right = await passwordRoute.POST(
      jsonRequest("POST", "/vapp/users/password", {
        body: { currentPassword: "Old-password1", password: "New-password2" },
        ...as(accessToken),
      }),
    );
    expect(right.status).toBe(200);
    expect(await right.json()).toEqual({ done: true });
  });

  it("PATCH /vapp/users/metadata sets the tour flags and answers the metadata", async () => {
    const user = await createUser();
    const { accessToken } = await signedInAs(user.id);
    const response = await metadataRoute.PATCH(
      jsonRequest("PATCH", "/vapp/users/metadata", { body: { hasSeenWelcomeTour: true }, ...as(accessToken) }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ hasSeenWelcomeTour: true });
    const unknown = await metadataRoute.PATCH(jsonRequest("PATCH", "/vapp/users/metadata", { body: { admin: true }, ...as(accessToken) }));
    expect(unknown.status).toBe(400);
  });

  it("GET /vapp/accounts/saml-slug answers anyone, like accountSamlSlug", async () => {
    const { account } = await createAccount("Slugged");
    const slug = `slug-${account.id.slice(-8).toLowerCase()}`;
    await db.account.update({ where: { id: account.id }, data: { slug } });
    const found = await samlSlugRoute.GET(jsonRequest("GET", `/vapp/accounts/saml-slug?slug=${slug}`));
    expect(found.status).toBe(200);
    expect(await found.json()).toEqual({ id: account.id, name: account.name });
    const viaGraphql = await graphql<{ accountSamlSlug: { id: string } }>(
      "query ($slug: String!) { accountSamlSlug(slug: $slug) { id } }",
      {
        variables: { slug },
      },
    );
    expect(viaGraphql.data?.accountSamlSlug.id).toBe(account.id);
    const missing = await samlSlugRoute.GET(jsonRequest("GET", "/vapp/accounts/saml-slug?slug=no-such-workspace-here"));
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("SAML_SLUG_UNKNOWN");
  });

  it("sign-in sets the session's cookies and never puts the session in the body", async () => {
    const user = await createUser();
    await db.user.update({
      where: { id: user.id },
      data: { passwordHash: await hashPassword("Sign-in-pass1"), emailVerified: new Date() },
    });
    const response = await loginRoute.POST(
      jsonRequest("POST", "/vapp/auth/provider/local", { body: { email: user.email, password: "Sign-in-pass1" } }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["accountId", "user"]);
    expect(Object.keys(setCookies(response)).length).toBeGreaterThan(0);
  });

  it("the tokens' bulk limit is one schema: 101 ids are refused on both transports", async () => {
    const { account, owner } = await createAccount("Tokens limit");
    const { accessToken } = await signedInAs(owner.id, account.id);
    const ids = Array.from({ length: 101 }, (_, i) => `t${i}`);
    const response = await tokensBulkDelete.POST(
      jsonRequest("POST", "/vapp/accounts/tokens/bulk-delete", { body: { ids }, ...as(accessToken) }),
    );
    expect(response.status).toBe(400);
    const result = await graphql("mutation ($ids: [ID!]!) { bulkDeleteTokens(ids: $ids) }", { accessToken, variables: { ids } });
    expect((result.errors?.[0].extensions as { type: string }).type).toBe("validation");
  });
});

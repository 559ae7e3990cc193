import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { addMember, createAccount, createUser, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";

describe("GraphQL: me and the user mutations", () => {
  it("me returns the signed-in user and their memberships, never the hash", async () => {
    const { account, owner } = await createAccount("Acme");
    const { accessToken } = await signedInAs(owner.id, account.id);
    const result = await graphql("{ me { id email name hasPassword tos policies { role { name permissions } account { id name } } } }", {
      accessToken,
    });
    expect(result.errors).toBeUndefined();
    expect(result.data).toMatchObject({
      me: { id: owner.id, hasPassword: true, policies: [{ role: { name: "Administrator" }, account: { id: account.id } }] },
    });
    expect(result.response.headers.get("cache-control")).toBe("no-store");
  });

  it("signed out, me is UNAUTHENTICATED", async () => {
    const result = await graphql("{ me { id } }");
    expect(result.errors?.[0].extensions).toMatchObject({ code: "UNAUTHENTICATED", type: "authentication" });
  });

  it("a mutation over a cookie session without the CSRF token is refused with 403", async () => {
    const user = await createUser({ tos: false });
    const { accessToken } = await signedInAs(user.id);
    const result = await graphql("mutation { acceptTos { id } }", {
      cookies: { "next-auth.session-token": accessToken },
      csrf: false,
    });
    expect(result.status).toBe(403);
    expect(result.errors?.[0].extensions.code).toBe("CSRF_INVALID");
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).tos).toBe(false);
  });

  it("acceptTos, updateUser, updateUserMetadata and updatePassword change the user and are audited", async () => {
    const user = await createUser({ tos: false });
    const { accessToken } = await signedInAs(user.id);
    const cookies = { "next-auth.session-token": accessToken };
    const accepted = await graphql<{ acceptTos: { id: string } }>("mutation { acceptTos { id } }", { cookies });
    expect(accepted.data?.acceptTos.id).toBe(user.id);

    const updated = await graphql(
      'mutation { updateUser(data: { firstName: "Maria", language: "pt-br", emailPreferences: { tips: false } }) { firstName language emailPreferences } }',
      { cookies },
    );
    expect(updated.data).toMatchObject({
      updateUser: { firstName: "Maria", language: "pt-br", emailPreferences: { tips: false, signs: true } },
    });

    const metadata = await graphql("mutation { updateUserMetadata(data: { hasSeenWelcomeTour: true }) }", { cookies });
    expect(metadata.data).toEqual({ updateUserMetadata: { hasSeenWelcomeTour: true } });

    const wrong = await graphql('mutation { updatePassword(data: { currentPassword: "nope", password: "New-pass-123" }) { done } }', {
      cookies,
    });
    expect(wrong.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "WRONG_PASSWORD" });
    // The user now prefers Brazilian Portuguese: the message follows.
    expect(wrong.errors?.[0].message).not.toBe("The current password is not correct.");

    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.tos).toBe(true);
    const events = (await db.audit.findMany({ where: { userId: user.id } })).map((a) => a.eventType);
    expect(events).toEqual(expect.arrayContaining(["user.tosAccepted", "user.updated", "user.metadataUpdated"]));
  });

  it("rejects unknown metadata and bad values with VALIDATION_FAILED", async () => {
    const user = await createUser();
    const { accessToken } = await signedInAs(user.id);
    const result = await graphql('mutation { updateUser(data: { language: "klingon" }) { id } }', { accessToken });
    expect(result.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "VALIDATION_FAILED" });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).language).toBe("en");
  });

  it("deleteUser marks the user deleted, frees the address and ends the session", async () => {
    const user = await createUser();
    const { accessToken } = await signedInAs(user.id);
    const result = await graphql("mutation { deleteUser { deleted } }", { accessToken });
    expect(result.data).toEqual({ deleteUser: { deleted: true } });
    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.deleted).toBe(true);
    expect(stored.email).not.toBe(user.email);
    const after = await graphql("{ me { id } }", { accessToken });
    expect(after.errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
  });

  it("deleteUser refuses while the user is a workspace's only active administrator, and changes nothing", async () => {
    const { account, owner } = await createAccount("Solo");
    // An invited (not yet active) administrator does not keep the workspace administered.
    const invited = await addMember(account.id, "Administrator");
    await db.accountPolicy.updateMany({ where: { accountId: account.id, userId: invited.id }, data: { status: "invited" } });
    const { accessToken } = await signedInAs(owner.id, account.id);
    const refused = await graphql("mutation { deleteUser { deleted } }", { accessToken });
    expect(refused.errors?.[0].extensions.code).toBe("LAST_ADMINISTRATOR");
    expect(await db.user.findUniqueOrThrow({ where: { id: owner.id } })).toMatchObject({ deleted: false, email: owner.email });
    expect(await db.accountPolicy.findFirstOrThrow({ where: { accountId: account.id, userId: owner.id } })).toMatchObject({
      status: "active",
    });
    expect((await graphql("{ me { id } }", { accessToken })).data).toEqual({ me: { id: owner.id } });

    const colleague = await addMember(account.id, "Administrator");
    const deleted = await graphql("mutation { deleteUser { deleted } }", { accessToken });
    expect(deleted.data).toEqual({ deleteUser: { deleted: true } });
    expect(await db.accountPolicy.findFirstOrThrow({ where: { accountId: account.id, userId: owner.id } })).toMatchObject({
      status: "disabled",
    });
    expect(await db.accountPolicy.findFirstOrThrow({ where: { accountId: account.id, userId: colleague.id } })).toMatchObject({
      status: "active",
    });
  });
});

describe("GraphQL: missing and invalid input, in the spec's words and the request's language", () => {
  it("a required argument not given is MISSING_PARAMETER with the spec's exact sentence, and changes nothing", async () => {
    const user = await createUser();
    const { accessToken } = await signedInAs(user.id);
    const result = await graphql("mutation { updateUser { id } }", { accessToken });
    expect(result.status).toBe(400);
    expect(result.errors?.[0].message).toBe("Required parameter data was null or undefined when calling updateUser");
    expect(result.errors?.[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      reason: "MISSING_PARAMETER",
      type: "validation",
      message: "Required parameter data was null or undefined when calling updateUser",
    });
    const nested = await graphql('mutation { updatePassword(data: { currentPassword: "x" }) { done } }', { accessToken });
    expect(nested.errors?.[0].message).toBe("Required parameter data.password was null or undefined when calling updatePassword");
  });

  it("a required variable not given, or null, names the variable and the field that uses it", async () => {
    const user = await createUser();
    const { accessToken } = await signedInAs(user.id);
    const query = "mutation Change($data: UpdateUserInput!) { updateUser(data: $data) { id } }";
    const missing = await graphql(query, { accessToken });
    expect(missing.status).toBe(400);
    expect(missing.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "MISSING_PARAMETER", type: "validation" });
    expect(missing.errors?.[0].message).toBe("Required parameter data was null or undefined when calling updateUser");
    const isNull = await graphql(query, { accessToken, variables: { data: null } });
    expect(isNull.errors?.[0].message).toBe("Required parameter data was null or undefined when calling updateUser");
    const password = await graphql("mutation ($input: UpdatePasswordInput!) { updatePassword(data: $input) { done } }", {
      accessToken,
      variables: { input: { currentPassword: "x" } },
    });
    expect(password.errors?.[0].message).toBe("Required parameter input.password was null or undefined when calling updatePassword");
  });

  it("answers in the request's language, and the user's own language for variables", async () => {
    const spanish = await graphql("mutation { updateUser { id } }", { headers: { "x-language": "es" } });
    expect(spanish.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "MISSING_PARAMETER" });
    expect(spanish.errors?.[0].message).toBe("El parámetro obligatorio data era nulo o no estaba definido al llamar a updateUser");
    const user = await createUser({ language: "pt-br" });
    const { accessToken } = await signedInAs(user.id);
    const portuguese = await graphql("mutation ($data: UpdateUserInput!) { updateUser(data: $data) { id } }", { accessToken });
    expect(portuguese.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "MISSING_PARAMETER" });
    expect(portuguese.errors?.[0].message).not.toBe("Required parameter data was null or undefined when calling updateUser");
  });

  it("other syntax, validation and variable errors are VALIDATION_FAILED with a 400", async () => {
    const unknown = await graphql("{ me { nope } }");
    expect(unknown.status).toBe(400);
    expect(unknown.errors?.[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      reason: "VALIDATION_FAILED",
      type: "validation",
      message: "Some fields are not valid: nope",
    });
    const syntax = await graphql("{ me { id }", { headers: { "x-language": "ca" } });
    expect(syntax.status).toBe(400);
    expect(syntax.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "VALIDATION_FAILED" });
    expect(syntax.errors?.[0].message).not.toMatch(/^Some fields/);
    const user = await createUser();
    const { accessToken } = await signedInAs(user.id);
    const wrongType = await graphql("mutation ($data: UpdateUserInput!) { updateUser(data: $data) { id } }", {
      accessToken,
      variables: { data: { firstName: 42 } },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "VALIDATION_FAILED" });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).firstName).toBe(user.firstName);
  });
});

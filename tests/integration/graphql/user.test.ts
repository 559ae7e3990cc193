import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createAccount, createUser, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";

describe("GraphQL: me and the user mutations", () => {
  it("me returns the signed-in user and their memberships, never the hash", async () => {
    const { account, owner } = await createAccount("Acme");
    const { accessToken } = await signedInAs(owner.id, account.id);
    const result = await graphql(
      "{ me { id email name hasPassword tos policies { role { name permissions } account { id name } } } }",
      { accessToken },
    );
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
    expect(updated.data).toMatchObject({ updateUser: { firstName: "Maria", language: "pt-br", emailPreferences: { tips: false, signs: true } } });

    const metadata = await graphql("mutation { updateUserMetadata(data: { hasSeenWelcomeTour: true }) }", { cookies });
    expect(metadata.data).toEqual({ updateUserMetadata: { hasSeenWelcomeTour: true } });

    const wrong = await graphql('mutation { updatePassword(data: { currentPassword: "nope", password: "New-pass-123" }) { done } }', { cookies });
    expect(wrong.errors?.[0].extensions.code).toBe("WRONG_PASSWORD");
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
    expect(result.errors?.[0].extensions.code).toBe("VALIDATION_FAILED");
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
});

import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";

describe("updateAccount", () => {
  it("merges settings and brand, and audits the change", async () => {
    const { account, owner } = await createAccount("Romeo");
    const { accessToken } = await signedInAs(owner.id, account.id);
    const result = await graphql<{ updateAccount: { name: string; settings: Record<string, unknown>; brand: Record<string, unknown> } }>(
      'mutation { updateAccount(data: { name: "Romeo & Co", settings: { repositoryViewAllDocs: true, refBuilder: "RC-{counter}" }, brand: { primaryColor: "#0f766e" } }) { name settings brand } }',
      { accessToken },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.updateAccount.name).toBe("Romeo & Co");
    expect(result.data?.updateAccount.settings).toMatchObject({
      repositoryViewAllDocs: true,
      refBuilder: "RC-{counter}",
      createTags: true,
    });
    expect(result.data?.updateAccount.brand).toEqual({ primaryColor: "#0f766e" });
    expect(await db.audit.count({ where: { accountId: account.id, eventType: "account.updated" } })).toBe(1);
  });

  it("refuses a colour that is not a colour and unknown settings, changing nothing", async () => {
    const { account, owner } = await createAccount("Sierra");
    const { accessToken } = await signedInAs(owner.id, account.id);
    const colour = await graphql('mutation { updateAccount(data: { brand: { primaryColor: "violetish" } }) { id } }', { accessToken });
    expect(colour.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "VALIDATION_FAILED" });
    expect(colour.errors?.[0].message).toContain("brand.primaryColor");
    const stored = await db.account.findUniqueOrThrow({ where: { id: account.id } });
    expect(stored.brand).toEqual({});
  });

  it("needs ManageAccount", async () => {
    const { account } = await createAccount("Tango");
    const manager = await addMember(account.id, "Manager");
    const { accessToken } = await signedInAs(manager.id, account.id);
    const result = await graphql('mutation { updateAccount(data: { name: "Mine now" }) { id } }', { accessToken });
    expect(result.errors?.[0].extensions.code).toBe("FORBIDDEN");
  });
});

import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";

async function adminOf(name: string) {
  const { account, owner } = await createAccount(name);
  const { accessToken } = await signedInAs(owner.id, account.id);
  return { account, accessToken };
}

describe("upsertCategory", () => {
  it("creates without an id, renames with the id of one of the account's categories, and refuses a taken name", async () => {
    const { account, accessToken } = await adminOf("UpsertCat");
    const created = await graphql<{ upsertCategory: { id: string; name: string; group: string } }>(
      'mutation { upsertCategory(name: "Leases", group: template) { id name group } }',
      { accessToken },
    );
    expect(created.errors).toBeUndefined();
    const { id } = created.data!.upsertCategory;
    expect(created.data?.upsertCategory).toMatchObject({ name: "Leases", group: "template" });
    expect(await db.category.findUniqueOrThrow({ where: { id } })).toMatchObject({ accountId: account.id, slug: "leases" });

    const renamed = await graphql(`mutation { upsertCategory(id: "${id}", name: "Rentals") { id name group } }`, { accessToken });
    expect(renamed.data).toEqual({ upsertCategory: { id, name: "Rentals", group: "template" } });
    expect(await db.category.count({ where: { accountId: account.id } })).toBe(1);

    await graphql('mutation { upsertCategory(name: "Sales", group: template) { id } }', { accessToken });
    const clash = await graphql(`mutation { upsertCategory(id: "${id}", name: "sales") { id } }`, { accessToken });
    expect(clash.errors?.[0].extensions.code).toBe("CONFLICT");
    const empty = await graphql('mutation { upsertCategory(name: "  ") { id } }', { accessToken });
    expect(empty.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "VALIDATION_FAILED" });
    expect((await db.category.findUniqueOrThrow({ where: { id } })).name).toBe("Rentals");
    const events = (await db.audit.findMany({ where: { targetId: id } })).map((a) => a.eventType);
    expect(events).toEqual(["category.created", "category.updated"]);
  });

  it("an unknown id is NOT_FOUND and creates nothing; a Member may not upsert", async () => {
    const { account, accessToken } = await adminOf("UpsertCatBad");
    const unknown = await graphql('mutation { upsertCategory(id: "nope", name: "Ghost") { id } }', { accessToken });
    expect(unknown.errors?.[0].extensions.code).toBe("NOT_FOUND");
    const member = await addMember(account.id, "Member");
    const { accessToken: memberToken } = await signedInAs(member.id, account.id);
    const refused = await graphql('mutation { upsertCategory(name: "Mine") { id } }', { accessToken: memberToken });
    expect(refused.errors?.[0].extensions.code).toBe("FORBIDDEN");
    expect(await db.category.count({ where: { accountId: account.id } })).toBe(0);
  });
});

describe("upsertTag", () => {
  it("creates without an id, updates with the id of one of the account's tags, and refuses bad colours and taken names", async () => {
    const { account, accessToken } = await adminOf("UpsertTag");
    const created = await graphql<{ upsertTag: { id: string; name: string; color: string } }>(
      'mutation { upsertTag(name: "Urgent", color: "#ff0000") { id name color count } }',
      { accessToken },
    );
    expect(created.errors).toBeUndefined();
    const { id } = created.data!.upsertTag;
    expect(created.data?.upsertTag).toMatchObject({ name: "Urgent", color: "#ff0000", count: 0 });

    const recoloured = await graphql(`mutation { upsertTag(id: "${id}", name: "Urgent", color: "#00aa00") { id name color } }`, {
      accessToken,
    });
    expect(recoloured.data).toEqual({ upsertTag: { id, name: "Urgent", color: "#00aa00" } });
    expect(await db.tag.count({ where: { accountId: account.id } })).toBe(1);
    const renamed = await graphql(`mutation { upsertTag(id: "${id}", name: "Urgent") { color } }`, { accessToken });
    expect(renamed.data).toEqual({ upsertTag: { color: "#00aa00" } });

    const badColour = await graphql(`mutation { upsertTag(id: "${id}", name: "Urgent", color: "reddish") { id } }`, {
      accessToken,
    });
    expect(badColour.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "VALIDATION_FAILED" });
    await graphql('mutation { upsertTag(name: "Later") { id } }', { accessToken });
    const clash = await graphql(`mutation { upsertTag(id: "${id}", name: "later", color: "#00aa00") { id } }`, { accessToken });
    expect(clash.errors?.[0].extensions.code).toBe("CONFLICT");
    expect(await db.tag.findUniqueOrThrow({ where: { id } })).toMatchObject({ name: "Urgent", color: "#00aa00" });
  });

  it("an unknown id is NOT_FOUND and creates nothing", async () => {
    const { account, accessToken } = await adminOf("UpsertTagBad");
    const unknown = await graphql('mutation { upsertTag(id: "nope", name: "Ghost") { id } }', { accessToken });
    expect(unknown.errors?.[0].extensions.code).toBe("NOT_FOUND");
    expect(await db.tag.count({ where: { accountId: account.id } })).toBe(0);
  });
});

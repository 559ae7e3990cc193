import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import * as categories from "@/app/vapp/categories/route";
import * as tags from "@/app/vapp/tags/route";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { jsonRequest } from "@/tests/factories/http";

/** PUT /vapp/categories and PUT /vapp/tags: the REST twins of upsertCategory and upsertTag. */
async function adminOf(name: string) {
  const { account, owner } = await createAccount(name);
  const { accessToken } = await signedInAs(owner.id, account.id);
  return { account, accessToken };
}

const put = (path: string, body: unknown, accessToken: string) =>
  jsonRequest("PUT", path, { body, headers: { authorization: `Bearer ${accessToken}` }, csrf: false });

describe("PUT /vapp/categories", () => {
  it("creates without an id, renames with one of the account's ids (keeping its group), and refuses a taken name", async () => {
    const { account, accessToken } = await adminOf("RestUpsertCat");
    const created = await categories.PUT(put("/vapp/categories", { name: "Leases", group: "template" }, accessToken));
    expect(created.status).toBe(200);
    const { id, ...category } = await created.json();
    expect(category).toMatchObject({ name: "Leases", group: "template", slug: "leases", accountId: account.id });

    const renamed = await categories.PUT(put("/vapp/categories", { id, name: "Rentals", group: "document" }, accessToken));
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ id, name: "Rentals", group: "template" });
    expect(await db.category.count({ where: { accountId: account.id } })).toBe(1);

    await categories.PUT(put("/vapp/categories", { name: "Sales", group: "template" }, accessToken));
    const clash = await categories.PUT(put("/vapp/categories", { id, name: "sales" }, accessToken));
    expect(clash.status).toBe(409);
    expect((await clash.json()).error.code).toBe("CONFLICT");
    expect((await db.category.findUniqueOrThrow({ where: { id } })).name).toBe("Rentals");
    expect((await db.audit.findMany({ where: { targetId: id }, orderBy: { createdAt: "asc" } })).map((a) => a.eventType)).toEqual([
      "category.created",
      "category.updated",
    ]);
  });

  it("refuses a missing name, unknown fields, an unknown id and a Member, creating nothing", async () => {
    const { account, accessToken } = await adminOf("RestUpsertCatBad");
    const missing = await categories.PUT(put("/vapp/categories", { group: "document" }, accessToken));
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.code).toBe("MISSING_PARAMETER");
    const unknownField = await categories.PUT(put("/vapp/categories", { name: "X", colour: "red" }, accessToken));
    expect(unknownField.status).toBe(400);
    expect((await unknownField.json()).error.details.fields[0].code).toBe("unknown_field");
    const unknownId = await categories.PUT(put("/vapp/categories", { id: "nope", name: "Ghost" }, accessToken));
    expect(unknownId.status).toBe(404);
    const member = await addMember(account.id, "Member");
    const { accessToken: memberToken } = await signedInAs(member.id, account.id);
    const refused = await categories.PUT(put("/vapp/categories", { name: "Mine" }, memberToken));
    expect(refused.status).toBe(403);
    expect(await db.category.count({ where: { accountId: account.id } })).toBe(0);
  });
});

describe("PUT /vapp/tags", () => {
  it("creates without an id (default colour), updates with one of the account's ids and keeps a colour it is not given", async () => {
    const { account, accessToken } = await adminOf("RestUpsertTag");
    const created = await tags.PUT(put("/vapp/tags", { name: "Urgent" }, accessToken));
    expect(created.status).toBe(200);
    const { id, ...tag } = await created.json();
    expect(tag).toMatchObject({ name: "Urgent", color: "#7c3aed", accountId: account.id });

    const recoloured = await tags.PUT(put("/vapp/tags", { id, color: "#00aa00" }, accessToken));
    expect(await recoloured.json()).toMatchObject({ id, name: "Urgent", color: "#00aa00" });
    const renamed = await tags.PUT(put("/vapp/tags", { id, name: "Pressing" }, accessToken));
    expect(await renamed.json()).toMatchObject({ id, name: "Pressing", color: "#00aa00" });
    expect(await db.tag.count({ where: { accountId: account.id } })).toBe(1);

    await tags.PUT(put("/vapp/tags", { name: "Later", color: "#112233" }, accessToken));
    const clash = await tags.PUT(put("/vapp/tags", { id, name: "later" }, accessToken));
    expect(clash.status).toBe(409);
    const badColour = await tags.PUT(put("/vapp/tags", { id, color: "reddish" }, accessToken));
    expect(badColour.status).toBe(400);
    expect((await badColour.json()).error.code).toBe("VALIDATION_FAILED");
    expect(await db.tag.findUniqueOrThrow({ where: { id } })).toMatchObject({ name: "Pressing", color: "#00aa00" });
  });

  it("a new tag needs a name; an unknown id is NOT_FOUND; a Member cannot update; nothing is created", async () => {
    const { account, accessToken } = await adminOf("RestUpsertTagBad");
    const nameless = await tags.PUT(put("/vapp/tags", { color: "#00aa00" }, accessToken));
    expect(nameless.status).toBe(400);
    expect((await nameless.json()).error).toMatchObject({
      code: "MISSING_PARAMETER",
      message: "Required parameter name was null or undefined when calling upsertTag",
    });
    const unknownId = await tags.PUT(put("/vapp/tags", { id: "nope", name: "Ghost" }, accessToken));
    expect(unknownId.status).toBe(404);
    expect(await db.tag.count({ where: { accountId: account.id } })).toBe(0);

    const own = await db.tag.create({ data: { accountId: account.id, name: "Own" } });
    const member = await addMember(account.id, "Member");
    const { accessToken: memberToken } = await signedInAs(member.id, account.id);
    const refused = await tags.PUT(put("/vapp/tags", { id: own.id, name: "Mine" }, memberToken));
    expect(refused.status).toBe(403);
    expect((await db.tag.findUniqueOrThrow({ where: { id: own.id } })).name).toBe("Own");
  });
});

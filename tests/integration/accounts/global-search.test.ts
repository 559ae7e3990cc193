import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { GET as search } from "@/app/vapp/search/route";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { jsonRequest } from "@/tests/factories/http";

describe("global search", () => {
  it("finds the workspace's people, categories and tags, never another workspace's", async () => {
    const a = await createAccount("Search A");
    const b = await createAccount("Search B");
    const word = `zebra${Date.now()}`;
    await db.tag.create({ data: { accountId: a.account.id, name: `${word} urgent` } });
    await db.tag.create({ data: { accountId: b.account.id, name: `${word} secret` } });
    await db.category.create({ data: { accountId: a.account.id, name: `${word} leases`, slug: `${word}-leases` } });
    const { accessToken } = await signedInAs(a.owner.id, a.account.id);
    const response = await search(jsonRequest("GET", `/vapp/search?q=${word.toUpperCase()}`, { headers: { authorization: `Bearer ${accessToken}` } }));
    const body = await response.json();
    expect(body.tags.map((t: { name: string }) => t.name)).toEqual([`${word} urgent`]);
    expect(body.categories.map((c: { name: string }) => c.name)).toEqual([`${word} leases`]);
    expect(JSON.stringify(body)).not.toContain("secret");

    const people = await (await search(jsonRequest("GET", `/vapp/search?q=${encodeURIComponent(a.owner.email)}`, { headers: { authorization: `Bearer ${accessToken}` } }))).json();
    expect(people.members).toEqual([expect.objectContaining({ email: a.owner.email })]);
  });

  it("shows people only to those who manage members, and refuses another workspace's header", async () => {
    const a = await createAccount("Search C");
    const guest = await addMember(a.account.id, "Guest");
    const { accessToken } = await signedInAs(guest.id, a.account.id);
    const body = await (await search(jsonRequest("GET", `/vapp/search?q=${encodeURIComponent(a.owner.email)}`, { headers: { authorization: `Bearer ${accessToken}` } }))).json();
    expect(body.members).toEqual([]);
    const other = await createAccount("Search D");
    const refused = await search(jsonRequest("GET", "/vapp/search?q=x", { headers: { authorization: `Bearer ${accessToken}`, "x-account-id": other.account.id } }));
    expect(refused.status).toBe(403);
    const empty = await search(jsonRequest("GET", "/vapp/search?q=", { headers: { authorization: `Bearer ${accessToken}` } }));
    expect(empty.status).toBe(400);
  });
});

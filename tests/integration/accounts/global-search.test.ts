import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { createTemplate } from "@/lib/templates/templates";
import { GET as search } from "@/app/vapp/search/route";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { jsonRequest } from "@/tests/factories/http";
import { makeDocx } from "@/tests/fixtures/docx";

describe("global search", () => {
  it("finds the workspace's people, categories and tags, never another workspace's", async () => {
    const a = await createAccount("Search A");
    const b = await createAccount("Search B");
    const word = `zebra${Date.now()}`;
    await db.tag.create({ data: { accountId: a.account.id, name: `${word} urgent` } });
    await db.tag.create({ data: { accountId: b.account.id, name: `${word} secret` } });
    await db.category.create({ data: { accountId: a.account.id, name: `${word} leases`, slug: `${word}-leases` } });
    const { accessToken } = await signedInAs(a.owner.id, a.account.id);
    const response = await search(
      jsonRequest("GET", `/vapp/search?q=${word.toUpperCase()}`, { headers: { authorization: `Bearer ${accessToken}` } }),
    );
    const body = await response.json();
    expect(body.tags.map((t: { name: string }) => t.name)).toEqual([`${word} urgent`]);
    expect(body.categories.map((c: { name: string }) => c.name)).toEqual([`${word} leases`]);
    expect(JSON.stringify(body)).not.toContain("secret");

    const people = await (
      await search(
        jsonRequest("GET", `/vapp/search?q=${encodeURIComponent(a.owner.email)}`, { headers: { authorization: `Bearer ${accessToken}` } }),
      )
    ).json();
    expect(people.members).toEqual([expect.objectContaining({ email: a.owner.email })]);
  });

  it("shows people only to those who manage members, and refuses another workspace's header", async () => {
    const a = await createAccount("Search C");
    const guest = await addMember(a.account.id, "Guest");
    const { accessToken } = await signedInAs(guest.id, a.account.id);
    const body = await (
      await search(
        jsonRequest("GET", `/vapp/search?q=${encodeURIComponent(a.owner.email)}`, { headers: { authorization: `Bearer ${accessToken}` } }),
      )
    ).json();
    expect(body.members).toEqual([]);
    const other = await createAccount("Search D");
    const refused = await search(
      jsonRequest("GET", "/vapp/search?q=x", { headers: { authorization: `Bearer ${accessToken}`, "x-account-id": other.account.id } }),
    );
    expect(refused.status).toBe(403);
    const empty = await search(jsonRequest("GET", "/vapp/search?q=", { headers: { authorization: `Bearer ${accessToken}` } }));
    expect(empty.status).toBe(400);
  });

  it("finds documents by their text, with the matched words as plain parts, and templates by name, never another workspace's", async () => {
    const a = await createAccount("Search E");
    const b = await createAccount("Search F");
    const word = `capybara${Date.now()}`;
    const { ctx: ctxA, accessToken } = await signedInAs(a.owner.id, a.account.id);
    const { ctx: ctxB } = await signedInAs(b.owner.id, b.account.id);
    const doc = await createDocumentFromUpload(
      ctxA,
      { name: "Supply agreement" },
      { name: "s.docx", bytes: makeDocx([`The ${word} clause <b>binds</b> both parties.`]) },
    );
    await createDocumentFromUpload(ctxB, { name: "Secret deal" }, { name: "x.docx", bytes: makeDocx([`Another ${word} here.`]) });
    const template = await createTemplate(ctxA, { name: `${word} lease` }, { name: "t.docx", bytes: makeDocx(["[tenant]"]) });
    await createTemplate(ctxB, { name: `${word} secret` }, { name: "t.docx", bytes: makeDocx(["[tenant]"]) });

    const body = await (
      await search(jsonRequest("GET", `/vapp/search?q=${word}`, { headers: { authorization: `Bearer ${accessToken}` } }))
    ).json();
    expect(body.documents).toEqual([{ id: doc.id, name: "Supply agreement", status: "initial", highlight: expect.any(Array) }]);
    const parts = body.documents[0].highlight as { text: string; match: boolean }[];
    expect(parts).toContainEqual({ text: word, match: true });
    // The passage is plain text pieces; markup typed in the document never comes back as markup.
    expect(parts.map((p) => p.text).join("")).toMatch(/clause\s+binds/);
    expect(parts.map((p) => p.text).join("")).not.toContain("<b>");
    expect(body.templates).toEqual([{ id: template.id, name: `${word} lease`, published: false }]);
    expect(JSON.stringify(body)).not.toMatch(/secret/i);
  });

  it("shows a Guest only the documents shared with them, and no templates", async () => {
    const a = await createAccount("Search G");
    const word = `axolotl${Date.now()}`;
    const { ctx } = await signedInAs(a.owner.id, a.account.id);
    const shared = await createDocumentFromUpload(ctx, { name: "Shared" }, { name: "a.docx", bytes: makeDocx([`${word} one`]) });
    await createDocumentFromUpload(ctx, { name: "Private" }, { name: "b.docx", bytes: makeDocx([`${word} two`]) });
    await createTemplate(ctx, { name: `${word} template` }, { name: "t.docx", bytes: makeDocx(["[x]"]) });
    const guest = await addMember(a.account.id, "Guest");
    await db.documentPolicy.create({ data: { accountId: a.account.id, documentId: shared.id, userId: guest.id, role: "reader" } });
    const { accessToken } = await signedInAs(guest.id, a.account.id);
    const body = await (
      await search(jsonRequest("GET", `/vapp/search?q=${word}`, { headers: { authorization: `Bearer ${accessToken}` } }))
    ).json();
    expect(body.documents.map((d: { name: string }) => d.name)).toEqual(["Shared"]);
    expect(body.templates).toEqual([]);
  });
});

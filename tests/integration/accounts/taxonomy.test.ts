import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";

async function admin(name: string) {
  const { account, owner } = await createAccount(name);
  const { accessToken } = await signedInAs(owner.id, account.id);
  return { account, owner, accessToken };
}

describe("categories", () => {
  it("create, rename, hide, show and delete, each audited", async () => {
    const { account, accessToken } = await admin("Uniform");
    const created = await graphql<{ createCategory: { id: string; slug: string } }>(
      'mutation { createCategory(name: "Contratos de Compraventa", group: document) { id slug } }',
      { accessToken },
    );
    expect(created.data?.createCategory.slug).toBe("contratos-de-compraventa");
    const id = created.data!.createCategory.id;
    const renamed = await graphql(`mutation { updateCategory(id: "${id}", name: "Sales") { name slug } }`, { accessToken });
    expect(renamed.data).toEqual({ updateCategory: { name: "Sales", slug: "sales" } });

    await graphql(`mutation { hideCategory(id: "${id}") { hidden } }`, { accessToken });
    const visible = await graphql<{ categories: { id: string }[] }>("{ categories { id } }", { accessToken });
    expect(visible.data?.categories.map((c) => c.id)).not.toContain(id);
    const all = await graphql<{ categories: { id: string; hidden: boolean }[] }>("{ categories(includeHidden: true) { id hidden } }", {
      accessToken,
    });
    expect(all.data?.categories).toContainEqual({ id, hidden: true });
    await graphql(`mutation { showCategory(id: "${id}") { hidden } }`, { accessToken });

    const duplicate = await graphql('mutation { createCategory(name: "sales") { id } }', { accessToken });
    expect(duplicate.errors?.[0].extensions.code).toBe("CONFLICT");

    const deleted = await graphql(`mutation { bulkDeleteCategories(ids: ["${id}"]) }`, { accessToken });
    expect(deleted.data).toEqual({ bulkDeleteCategories: [id] });
    const events = (await db.audit.findMany({ where: { accountId: account.id, targetType: "category" } })).map((a) => a.eventType);
    expect(events).toEqual(
      expect.arrayContaining(["category.created", "category.updated", "category.hidden", "category.shown", "category.deleted"]),
    );
  });

  it("global categories are shared and hidden per account through the settings", async () => {
    const global = await db.category.create({ data: { name: `Global ${Date.now()}`, slug: `global-${Date.now()}`, global: true } });
    const a = await admin("Victor");
    const b = await admin("Whiskey");
    await graphql(`mutation { hideCategory(id: "${global.id}") { id } }`, { accessToken: a.accessToken });
    const forA = await graphql<{ categories: { id: string }[] }>("{ categories { id } }", { accessToken: a.accessToken });
    const forB = await graphql<{ categories: { id: string }[] }>("{ categories { id } }", { accessToken: b.accessToken });
    expect(forA.data?.categories.map((c) => c.id)).not.toContain(global.id);
    expect(forB.data?.categories.map((c) => c.id)).toContain(global.id);
    const settings = (await db.account.findUniqueOrThrow({ where: { id: a.account.id } })).settings as { hiddenCategories: string[] };
    expect(settings.hiddenCategories).toContain(global.id);
    // A global category cannot be renamed or deleted by an account.
    const rename = await graphql(`mutation { updateCategory(id: "${global.id}", name: "Mine") { id } }`, {
      accessToken: a.accessToken,
    });
    expect(rename.errors?.[0].extensions.code).toBe("NOT_FOUND");
  });
});

describe("tags", () => {
  it("create with a colour, recolour, refuse bad colours and duplicates, delete", async () => {
    const { accessToken } = await admin("Xray");
    const created = await graphql<{ createTag: { id: string; color: string } }>(
      'mutation { createTag(name: "Urgent", color: "#dc2626") { id color } }',
      { accessToken },
    );
    const id = created.data!.createTag.id;
    expect(created.data?.createTag.color).toBe("#dc2626");
    const bad = await graphql(`mutation { updateTag(id: "${id}", color: "reddish") { id } }`, { accessToken });
    expect(bad.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "VALIDATION_FAILED" });
    const duplicate = await graphql('mutation { createTag(name: "urgent") { id } }', { accessToken });
    expect(duplicate.errors?.[0].extensions.code).toBe("CONFLICT");
    const recoloured = await graphql(`mutation { updateTag(id: "${id}", color: "#16a34a") { color } }`, { accessToken });
    expect(recoloured.data).toEqual({ updateTag: { color: "#16a34a" } });
    expect(await graphql(`mutation { deleteTag(id: "${id}") }`, { accessToken })).toMatchObject({ data: { deleteTag: id } });
    expect(await db.tag.findUnique({ where: { id } })).toBeNull();
  });

  it("members create tags only while the createTags setting is on", async () => {
    const { account } = await createAccount("Yankee");
    const member = await addMember(account.id, "Member");
    const { accessToken } = await signedInAs(member.id, account.id);
    expect((await graphql('mutation { createTag(name: "Allowed") { id } }', { accessToken })).errors).toBeUndefined();
    await db.account.update({ where: { id: account.id }, data: { settings: { createTags: false } } });
    const refused = await graphql('mutation { createTag(name: "Refused") { id } }', { accessToken });
    expect(refused.errors?.[0].extensions.code).toBe("FORBIDDEN");
  });
});

describe("tag usage", () => {
  it("counts the documents and templates that carry each tag", async () => {
    const { createDocumentFromUpload } = await import("@/lib/documents/create-document");
    const { createTemplate } = await import("@/lib/templates/templates");
    const { createTag, findTagsWithUsage } = await import("@/lib/tags/tags");
    const { makeDocx } = await import("@/tests/fixtures/docx");
    const { account, owner } = await createAccount("TagUse");
    const { ctx } = await signedInAs(owner.id, account.id);
    const used = await createTag(ctx, { name: "Used", color: "#7c3aed" });
    await createTag(ctx, { name: "Idle", color: "#7c3aed" });
    await createDocumentFromUpload(ctx, { tagIds: [used.id] }, { name: "a.docx", bytes: makeDocx(["a"]) });
    await createTemplate(ctx, { tagIds: [used.id] }, { name: "t.docx", bytes: makeDocx(["[x]"]) });
    expect((await findTagsWithUsage(ctx)).map((t) => [t.name, t.count])).toEqual([
      ["Idle", 0],
      ["Used", 2],
    ]);
  });
});

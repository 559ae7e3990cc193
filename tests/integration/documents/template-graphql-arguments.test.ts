import { beforeAll, describe, expect, it } from "vitest";
import { createCategory } from "@/lib/categories/save-category";
import { createFolder } from "@/lib/folders/folders";
import { createTemplate } from "@/lib/templates/templates";
import { createAccount, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * The GraphQL fields of templates and folders built from their declarations (issue 38, item 1)
 * take the declarations' argument names, and a null still means what it meant: the root (Drive)
 * for a list's folderId, a detail taken away for updateTemplate, the top level for a folder's
 * parent. Absent arguments change nothing.
 */
let token: string;
let rootTemplateId: string;
let filedTemplateId: string;
let categoryId: string;
let folderId: string;

beforeAll(async () => {
  const { account, owner } = await createAccount("Declared arguments");
  const session = await signedInAs(owner.id, account.id);
  token = session.accessToken;
  folderId = (await createFolder(session.ctx, { name: "Leases", group: "template", parentId: null })).id;
  categoryId = (await createCategory(session.ctx, { name: "Rentals", group: "template" })).id;
  const docx = () => ({ name: "lease.docx", bytes: makeDocx(["[tenant]"]) });
  rootTemplateId = (await createTemplate(session.ctx, { name: "At the root" }, docx())).id;
  filedTemplateId = (await createTemplate(session.ctx, { name: "Filed", folderId, categoryId, description: "Kept" }, docx())).id;
});

describe("templates and folders over GraphQL, by their declarations' arguments", () => {
  it("lists the root's templates with folderId null, a folder's with its id, and every one without", async () => {
    const list = async (args: string) =>
      (await graphql<{ templates: { items: { id: string }[] } }>(`{ templates${args} { items { id } } }`, { accessToken: token }))
        .data!.templates.items.map((t) => t.id)
        .sort();
    expect(await list("(folderId: null)")).toEqual([rootTemplateId]);
    expect(await list(`(folderId: "${folderId}")`)).toEqual([filedTemplateId]);
    expect(await list("")).toEqual([rootTemplateId, filedTemplateId].sort());
    expect(await list("(orderBy: name, sortBy: asc, dateField: updatedAt)")).toHaveLength(2);
  });

  it("updateTemplate takes its details as arguments: null takes a detail away, absent keeps it", async () => {
    const update = (args: string) =>
      graphql<{ updateTemplate: { name: string; description: string | null; categoryId: string | null; category: { id: string } | null } }>(
        `mutation { updateTemplate(id: "${filedTemplateId}"${args}) { name description categoryId category { id } } }`,
        { accessToken: token },
      );
    const renamed = await update(', name: "Filed lease"');
    expect(renamed.errors).toBeUndefined();
    expect(renamed.data!.updateTemplate).toEqual({ name: "Filed lease", description: "Kept", categoryId, category: { id: categoryId } });
    const cleared = await update(", categoryId: null, description: null");
    expect(cleared.data!.updateTemplate).toEqual({ name: "Filed lease", description: null, categoryId: null, category: null });
    const old = await update(', data: { name: "Old" }');
    // The old `data` argument is gone: refused (its fields named), and nothing changes.
    expect(old.errors?.[0]).toMatchObject({ message: "Some fields are not valid: data", extensions: { code: "BAD_USER_INPUT" } });
    expect((await update("")).data!.updateTemplate.name).toBe("Filed lease");
  });

  it("updateFolder moves a folder to the top level with parentId null, and keeps its parent when absent", async () => {
    const child = await graphql<{ createFolder: { id: string; parentId: string | null } }>(
      `mutation { createFolder(name: "Sub", group: template, parentId: "${folderId}") { id parentId } }`,
      { accessToken: token },
    );
    expect(child.data!.createFolder.parentId).toBe(folderId);
    const id = child.data!.createFolder.id;
    const renamed = await graphql<{ updateFolder: { name: string; parentId: string | null } }>(
      `mutation { updateFolder(id: "${id}", name: "Sub 2") { name parentId } }`,
      { accessToken: token },
    );
    expect(renamed.data!.updateFolder).toEqual({ name: "Sub 2", parentId: folderId });
    const moved = await graphql<{ updateFolder: { parentId: string | null } }>(
      `mutation { updateFolder(id: "${id}", parentId: null) { parentId } }`,
      { accessToken: token },
    );
    expect(moved.data!.updateFolder.parentId).toBeNull();
    const top = await graphql<{ folders: { items: { id: string }[] } }>(
      "{ folders(group: template, where: { parent: null }) { items { id } } }",
      { accessToken: token },
    );
    expect(top.data!.folders.items.map((f) => f.id).sort()).toEqual([folderId, id].sort());
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import * as templates from "@/app/vapp/templates/route";
import * as templateFolder from "@/app/vapp/templates/[id]/folder/route";
import * as folders from "@/app/vapp/folders/route";
import * as folderList from "@/app/vapp/folders/list/route";
import * as folderBulkDelete from "@/app/vapp/folders/bulk-delete/route";
import { db } from "@/lib/db";
import { createFolder } from "@/lib/folders/folders";
import { createTemplate, publishUnpublishTemplate } from "@/lib/templates/templates";
import { createAccount, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest, params } from "@/tests/factories/http";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * The REST routes that templates and folders got with their declarations (issue 14), where
 * GraphQL had the only one: the template list, moving a template, the folder list, the folder
 * upsert and the folders' bulk delete. Same input, same limits, same answer on both transports.
 */
let token: string;
let accountId: string;
let templateId: string;
let folderId: string;

beforeAll(async () => {
  const { account, owner } = await createAccount("Routes");
  accountId = account.id;
  const session = await signedInAs(owner.id, account.id);
  token = session.accessToken;
  const folder = await createFolder(session.ctx, { name: "Leases", group: "template", parentId: null });
  folderId = folder.id;
  const template = await createTemplate(session.ctx, { name: "Lease" }, { name: "lease.docx", bytes: makeDocx(["[tenant]"]) });
  await publishUnpublishTemplate(session.ctx, template.id, true);
  templateId = template.id;
});

const req = (method: string, path: string, body?: unknown) =>
  jsonRequest(method, path, { body, headers: { authorization: `Bearer ${token}` }, csrf: false });

describe("templates' and folders' new REST routes", () => {
  it("moves a template into a folder and back to the root, and lists templates with the address-bar filters", async () => {
    const moved = await templateFolder.PUT(req("PUT", "/x", { destinationId: folderId }), params({ id: templateId }));
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ id: templateId, folderId, folder: { id: folderId, name: "Leases" } });
    const inFolder = await (await templates.GET(req("GET", `/vapp/templates?folder=${folderId}&state=published`))).json();
    expect(inFolder.items.map((t: { id: string }) => t.id)).toEqual([templateId]);
    expect(inFolder.items[0]).not.toHaveProperty("fileKey");
    const back = await templateFolder.PUT(req("PUT", "/x", {}), params({ id: templateId }));
    expect(await back.json()).toMatchObject({ folderId: null });
    const atRoot = await (await templates.GET(req("GET", "/vapp/templates?folder=root&state=published"))).json();
    expect(atRoot.items.map((t: { id: string }) => t.id)).toEqual([templateId]);
    const drafts = await (await templates.GET(req("GET", "/vapp/templates?folder=root&state=draft"))).json();
    expect(drafts.total).toBe(0);
  });

  it("lists, upserts and bulk-deletes folders", async () => {
    const created = await folders.PUT(req("PUT", "/x", { name: "Offices", group: "template", parentId: folderId }));
    expect(created.status).toBe(200);
    const office = await created.json();
    expect(office).toMatchObject({ name: "Offices", group: "template", parentId: folderId });
    const renamed = await (await folders.PUT(req("PUT", "/x", { id: office.id, name: "Shops" }))).json();
    expect(renamed).toMatchObject({ id: office.id, name: "Shops", parentId: folderId });
    const children = await (await folderList.GET(req("GET", `/vapp/folders/list?group=template&parent=${folderId}`))).json();
    expect(children.items.map((f: { name: string }) => f.name)).toEqual(["Shops"]);
    const top = await (await folderList.GET(req("GET", "/vapp/folders/list?group=template&parent=root"))).json();
    expect(top.items.map((f: { name: string }) => f.name)).toEqual(["Leases"]);
    const deleted = await folderBulkDelete.POST(req("POST", "/x", { ids: [office.id] }));
    expect(await deleted.json()).toEqual({ ids: [office.id] });
    expect(await db.folder.count({ where: { accountId, id: office.id } })).toBe(0);
  });

  it("refuses too many ids the same way on both transports", async () => {
    const ids = Array.from({ length: 501 }, (_, i) => `missing-${i}`);
    const rest = await templates.DELETE(req("DELETE", "/x", { ids }));
    expect(rest.status).toBe(400);
    expect((await rest.json()).error.code).toBe("VALIDATION_FAILED");
    const restFolders = await folderBulkDelete.POST(req("POST", "/x", { ids }));
    expect(restFolders.status).toBe(400);
    const overGraphql = await graphql(
      `
        mutation ($ids: [ID!]!) {
          bulkDeleteTemplates(ids: $ids)
        }
      `,
      { accessToken: token, variables: { ids } },
    );
    expect(overGraphql.errors?.[0].extensions.type).toBe("validation");
    const foldersOverGraphql = await graphql(
      `
        mutation ($ids: [ID!]!) {
          bulkDeleteFolders(ids: $ids)
        }
      `,
      {
        accessToken: token,
        variables: { ids },
      },
    );
    expect(foldersOverGraphql.errors?.[0].extensions.type).toBe("validation");
    expect(await db.template.count({ where: { accountId } })).toBe(1);
  });
});

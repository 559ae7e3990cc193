import { describe, expect, it } from "vitest";
import { GET as documentRolesRoute } from "@/app/vapp/document-roles/route";
import { POST as bulkDeleteRoute } from "@/app/vapp/links/bulk-delete/route";
import { db } from "@/lib/db";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { createDocumentLink } from "@/lib/links/document-links";
import { createAccount, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest } from "@/tests/factories/http";
import { makeDocx } from "@/tests/fixtures/docx";

describe("share links removed together, and the document roles, on both transports", () => {
  it("bulkDeleteLinks removes all the links given over REST and GraphQL, and refuses more than 100 on both", async () => {
    const { account, owner } = await createAccount("BulkLinks");
    const { ctx, accessToken } = await signedInAs(owner.id, account.id);
    const document = await createDocumentFromUpload(ctx, { name: "Linked" }, { name: "l.docx", bytes: makeDocx(["Linked"]) });
    const links = await Promise.all(["one", "two", "three"].map((name) => createDocumentLink(ctx, document.id, { name })));
    const headers = { authorization: `Bearer ${accessToken}` };

    const response = await bulkDeleteRoute(
      jsonRequest("POST", "/vapp/links/bulk-delete", { body: { ids: [links[0]!.id, links[1]!.id] }, headers }),
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as { ids: string[] }).ids.sort()).toEqual([links[0]!.id, links[1]!.id].sort());
    const viaGraphql = await graphql<{ bulkDeleteLinks: string[] }>("mutation($ids: [ID!]!) { bulkDeleteLinks(ids: $ids) }", {
      accessToken,
      variables: { ids: [links[2]!.id] },
    });
    expect(viaGraphql.data?.bulkDeleteLinks).toEqual([links[2]!.id]);
    expect(await db.documentLink.count({ where: { documentId: document.id } })).toBe(0);

    const ids = Array.from({ length: 101 }, (_, i) => `link-${i}`);
    const tooMany = await bulkDeleteRoute(jsonRequest("POST", "/vapp/links/bulk-delete", { body: { ids }, headers }));
    expect(tooMany.status).toBe(400);
    const tooManyGql = await graphql("mutation($ids: [ID!]!) { bulkDeleteLinks(ids: $ids) }", { accessToken, variables: { ids } });
    expect(tooManyGql.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", type: "validation" });
  });

  it("documentRoles answers the same five roles, translated, over REST and GraphQL", async () => {
    const { account, owner } = await createAccount("RolesList");
    const { accessToken } = await signedInAs(owner.id, account.id);
    const headers = { authorization: `Bearer ${accessToken}`, "x-language": "ca" };
    const rest = (await (await documentRolesRoute(jsonRequest("GET", "/vapp/document-roles", { headers }))).json()) as {
      name: string;
      label: string;
    }[];
    expect(rest.map((r) => r.name)).toEqual(["reader", "commenter", "reviewer", "editor", "owner"]);
    const gql = await graphql<{ documentRoles: { name: string; label: string }[] }>("{ documentRoles { name label } }", {
      accessToken,
      headers,
    });
    expect(gql.data?.documentRoles).toEqual(rest.map(({ name, label }) => ({ name, label })));
    expect(rest.find((r) => r.name === "owner")?.label).not.toBe("owner");
  });
});

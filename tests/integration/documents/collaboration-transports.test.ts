import { beforeAll, describe, expect, it } from "vitest";
import * as policiesRoute from "@/app/vapp/documents/[id]/policies/route";
import * as linksView from "@/app/vapp/links/view/route";
import { anonymousContext } from "@/lib/auth/context";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { createDocumentLink } from "@/lib/links/document-links";
import { validateDocumentLink } from "@/lib/links/validate-document-link";
import { createAccount, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest, params } from "@/tests/factories/http";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * The collaboration declarations (lib/documents/policy-operations.ts, lib/links/*-operations.ts)
 * answer the same over REST and GraphQL: the same input rules, the same shaped answer.
 */
let w: { accessToken: string; documentId: string; linkId: string };

beforeAll(async () => {
  const { account, owner } = await createAccount("Transports");
  const session = await signedInAs(owner.id, account.id);
  const document = await createDocumentFromUpload(session.ctx, { name: "Lease" }, { name: "l.docx", bytes: makeDocx(["Lease"]) });
  const link = await createDocumentLink(session.ctx, document.id, { name: "Outside" });
  w = { accessToken: session.accessToken, documentId: document.id, linkId: link.id };
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("collaboration operations over both transports", () => {
  it("policies: lastActive is a boolean over GraphQL and true/false in the query string over REST; anything else is refused", async () => {
    const rest = (query: string) =>
      policiesRoute.GET(jsonRequest("GET", `/vapp/documents/${w.documentId}/policies${query}`, { headers: bearer(w.accessToken) }), {
        ...params({ id: w.documentId }),
      });
    const all = await rest("");
    expect(all.status).toBe(200);
    const list = (await all.json()) as { id: string; role: string; user: { email: string } }[];
    expect(list).toEqual([expect.objectContaining({ role: "owner" })]);
    // Only what the output names leaves the server.
    expect(Object.keys(list[0]).sort()).toEqual(
      [
        "accessedAt",
        "createdAt",
        "documentId",
        "id",
        "important",
        "inAccount",
        "metadata",
        "note",
        "role",
        "status",
        "subscribe",
        "user",
        "userId",
      ].sort(),
    );
    expect((await rest("?lastActive=true")).status).toBe(200);
    const refused = await rest("?lastActive=yes");
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("VALIDATION_FAILED");

    const overGraphql = await graphql<{ policies: { id: string }[] }>(
      "query ($documentId: ID!) { policies(id: $documentId, lastActive: false) { id role } }",
      { accessToken: w.accessToken, variables: { documentId: w.documentId } },
    );
    expect(overGraphql.data?.policies.map((p) => p.id)).toEqual(list.map((p) => p.id));
  });

  it("the visitor's document answers no-store, and only for a link token", async () => {
    const opened = await validateDocumentLink(anonymousContext({ userAgent: "vitest" }), w.linkId);
    if (opened.status !== "valid") throw new Error("the link did not open");
    const view = await linksView.GET(jsonRequest("GET", "/vapp/links/view", { headers: bearer(opened.accessToken) }));
    expect(view.status).toBe(200);
    expect(view.headers.get("cache-control")).toBe("no-store");
    expect(((await view.json()) as { document: { id: string } }).document.id).toBe(w.documentId);
    // A member's own token is no link token.
    const asMember = await linksView.GET(jsonRequest("GET", "/vapp/links/view", { headers: bearer(w.accessToken) }));
    expect(asMember.status).toBe(401);
  });

  it("createRelation takes no relation id over GraphQL: a validation error, not a silent overwrite", async () => {
    const result = await graphql(
      "mutation ($id: ID!, $relationId: ID, $toDocumentId: ID) { createRelation(id: $id, relationId: $relationId, toDocumentId: $toDocumentId) { id } }",
      { accessToken: w.accessToken, variables: { id: w.documentId, relationId: "some-relation", toDocumentId: w.documentId } },
    );
    expect(result.errors?.[0].extensions.type).toBe("validation");
  });
});

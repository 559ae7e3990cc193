import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import * as csrf from "@/app/vapp/auth/csrf/route";
import * as documentLinks from "@/app/vapp/documents/[id]/links/route";
import * as link from "@/app/vapp/links/[linkId]/route";
import * as validate from "@/app/vapp/links/[linkId]/validate/route";
import * as refresh from "@/app/vapp/links/refresh/route";
import * as view from "@/app/vapp/links/view/route";
import * as viewFile from "@/app/vapp/links/view/file/route";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { createAccount, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest, params, setCookies } from "@/tests/factories/http";
import { makeDocx } from "@/tests/fixtures/docx";
import { proxy } from "@/proxy";

async function workspace() {
  const { account, owner } = await createAccount("LinksRest");
  const { ctx, accessToken } = await signedInAs(owner.id, account.id);
  const document = await createDocumentFromUpload(ctx, {}, { name: "rest.docx", bytes: makeDocx(["Hello visitor"]) });
  return { account, accessToken, document };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("the share page's guard", () => {
  it("lets a signed-out visitor reach /s/{id} without being sent to login", async () => {
    const response = await proxy(new NextRequest("http://localhost:3000/s/some-link-id"));
    expect(response.headers.get("location")).toBeNull();
  });
});

describe("share links over REST", () => {
  it("lets an anonymous visitor get a CSRF cookie, validate, view, download and refresh; removal ends it", async () => {
    const { accessToken, document } = await workspace();
    const created = await documentLinks.POST(
      jsonRequest("POST", `/vapp/documents/${document.id}/links`, { body: { name: "Client" }, headers: bearer(accessToken), csrf: false }),
      params({ id: document.id }),
    );
    expect(created.status).toBe(201);
    const { id: linkId } = (await created.json()) as { id: string };

    // A visitor without any cookie is refused until they fetch the CSRF token, like the page does.
    const bare = await validate.POST(jsonRequest("POST", `/vapp/links/${linkId}/validate`, { body: {}, csrf: false }), params({ linkId }));
    expect(bare.status).toBe(403);
    const issued = await csrf.GET(jsonRequest("GET", "/vapp/auth/csrf"));
    const token = ((await issued.json()) as { csrfToken: string }).csrfToken;
    const cookie = setCookies(issued)["csrf-token"];
    expect(cookie).toBe(token);
    const visitorRequest = (path: string, body: unknown) =>
      jsonRequest("POST", path, { body, csrf: false, cookies: { "csrf-token": cookie }, headers: { "x-csrf-token": token } });
    const validated = await validate.POST(visitorRequest(`/vapp/links/${linkId}/validate`, {}), params({ linkId }));
    expect(validated.status).toBe(200);
    const tokens = (await validated.json()) as { status: string; accessToken: string; refreshToken: string; document: { name: string } };
    expect(tokens).toMatchObject({ status: "valid", document: { name: document.name } });

    const shown = await view.GET(jsonRequest("GET", "/vapp/links/view", { headers: bearer(tokens.accessToken) }));
    expect(shown.status).toBe(200);
    expect(((await shown.json()) as { html: string }).html).toContain("Hello visitor");
    const file = await viewFile.GET(jsonRequest("GET", "/vapp/links/view/file", { headers: bearer(tokens.accessToken) }));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toContain("attachment");
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(100);

    const refreshed = await refresh.POST(visitorRequest("/vapp/links/refresh", { refreshToken: tokens.refreshToken }));
    expect(refreshed.status).toBe(200);

    const removed = await link.DELETE(
      jsonRequest("DELETE", `/vapp/links/${linkId}`, { headers: bearer(accessToken), csrf: false }),
      params({ linkId }),
    );
    expect(removed.status).toBe(200);
    const after = await view.GET(
      jsonRequest("GET", "/vapp/links/view", { headers: { ...bearer(tokens.accessToken), "x-language": "ca" } }),
    );
    expect(after.status).toBe(410);
    expect(await after.json()).toMatchObject({
      error: { code: "LINK_EXPIRED", message: "Aquest enllaç ha caducat o ja no està disponible." },
    });
  });

  it("answers another account's document and links with 404, and leaves them unchanged", async () => {
    const a = await workspace();
    const b = await workspace();
    const created = await documentLinks.POST(
      jsonRequest("POST", `/vapp/documents/${a.document.id}/links`, { body: { name: "A's" }, headers: bearer(a.accessToken), csrf: false }),
      params({ id: a.document.id }),
    );
    const { id: linkId } = (await created.json()) as { id: string };
    const asB = (method: string, path: string, body?: unknown) =>
      jsonRequest(method, path, { body, headers: bearer(b.accessToken), csrf: false });
    const calls = [
      documentLinks.GET(asB("GET", `/vapp/documents/${a.document.id}/links`), params({ id: a.document.id })),
      documentLinks.POST(asB("POST", `/vapp/documents/${a.document.id}/links`, { name: "B's" }), params({ id: a.document.id })),
      link.PUT(asB("PUT", `/vapp/links/${linkId}`, { name: "Hijacked" }), params({ linkId })),
      link.DELETE(asB("DELETE", `/vapp/links/${linkId}`), params({ linkId })),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(404);
    const list = await documentLinks.GET(jsonRequest("GET", "/x", { headers: bearer(a.accessToken) }), params({ id: a.document.id }));
    expect(((await list.json()) as { name: string }[]).map((l) => l.name)).toEqual(["A's"]);
  });
});

describe("share links over GraphQL", () => {
  it("creates, lists, updates, validates and deletes links", async () => {
    const { accessToken, document } = await workspace();
    const created = await graphql<{
      createLink: {
        id: string;
        url: string;
        role: string;
        isExpired: boolean;
        permissions: string[];
        expiredAt: string | null;
        document: { id: string };
      };
    }>(
      "mutation ($id: ID!, $name: String!, $role: LinkRole, $expiredAt: String) { createLink(id: $id, name: $name, role: $role, expiredAt: $expiredAt) { id url role isExpired permissions expiredAt document { id } } }",
      {
        accessToken,
        variables: { id: document.id, name: "GQL", role: "reviewer", expiredAt: new Date(Date.now() + 86_400_000).toISOString() },
      },
    );
    expect(created.errors).toBeUndefined();
    const linkId = created.data!.createLink.id;
    expect(created.data!.createLink).toMatchObject({
      role: "reviewer",
      isExpired: false,
      permissions: ["view", "download", "comment", "suggest"],
      document: { id: document.id },
    });
    expect(created.data!.createLink.expiredAt).toBeTruthy();

    const updated = await graphql(
      'mutation ($linkId: ID!) { updateLink(linkId: $linkId, name: "Renamed", expiredAt: null) { name expiredAt } }',
      { accessToken, variables: { linkId } },
    );
    expect(updated.data).toEqual({ updateLink: { name: "Renamed", expiredAt: null } });

    const listed = await graphql("query ($id: ID!) { links(id: $id) { id name } }", {
      accessToken,
      variables: { id: document.id },
    });
    expect(listed.data).toEqual({ links: [{ id: linkId, name: "Renamed" }] });

    const opened = await graphql<{ validateLink: { status: string; accessToken: string; document: { name: string } } }>(
      "mutation ($linkId: ID!) { validateLink(linkId: $linkId) { status accessToken refreshToken role document { name } } }",
      { variables: { linkId }, csrf: true },
    );
    expect(opened.data?.validateLink).toMatchObject({ status: "valid", role: "reviewer", document: { name: document.name } });

    const editor = await graphql('mutation ($id: ID!) { createLink(id: $id, name: "x", role: editor) { id } }', {
      accessToken,
      variables: { id: document.id },
    });
    // A role links cannot have is refused before anything runs, naming the field and the value.
    expect(editor.errors?.[0].message).toBe("Some fields are not valid: role");
    expect(editor.errors?.[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      reason: "VALIDATION_FAILED",
      details: { fields: [{ path: "role", message: expect.stringMatching(/editor/) }] },
    });

    const deleted = await graphql("mutation ($ids: [ID!]!) { bulkDeleteLinks(ids: $ids) }", { accessToken, variables: { ids: [linkId] } });
    expect(deleted.data).toEqual({ bulkDeleteLinks: [linkId] });
    const gone = await graphql("mutation ($linkId: ID!) { validateLink(linkId: $linkId) { status } }", {
      variables: { linkId },
      csrf: true,
    });
    expect(gone.errors?.[0].extensions).toMatchObject({ code: "LINK_EXPIRED" });
  });
});

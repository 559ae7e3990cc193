import { describe, expect, it } from "vitest";
import { anonymousContext } from "@/lib/auth/context";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { createDocumentLink } from "@/lib/links/document-links";
import { validateDocumentLink } from "@/lib/links/validate-document-link";
import { createAccount, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * A share link's visitor over GraphQL (issue 38): linkedDocument, refreshLink and the link's
 * comments are fields built from their declarations, called with the link's access token as
 * `Authorization: Bearer`, exactly as over REST.
 */
const visitor = () => anonymousContext({ ip: "10.3.0.1", userAgent: "vitest", locale: "en" });

async function openLink() {
  const { account, owner } = await createAccount("VisitorGraphQL");
  const { ctx } = await signedInAs(owner.id, account.id);
  const document = await createDocumentFromUpload(ctx, { name: "Visitor lease" }, { name: "l.docx", bytes: makeDocx(["Lease terms"]) });
  const link = await createDocumentLink(ctx, document.id, { name: "For the tenant", role: "commenter" });
  const opened = await validateDocumentLink(visitor(), link.id);
  if (opened.status !== "valid") throw new Error(`Expected a valid link, got ${opened.status}`);
  return { document, link, accessToken: opened.accessToken, refreshToken: opened.refreshToken };
}

describe("a share link's visitor over GraphQL", () => {
  it("reads the document, comments, edits and deletes with the link's token, and refreshes it", async () => {
    const { document, link, accessToken, refreshToken } = await openLink();

    const shown = await graphql<{ linkedDocument: { document: { id: string; name: string }; role: string; file: { size: number } } }>(
      "{ linkedDocument { document { id name } role permissions file { name size version } account { name } } }",
      { accessToken },
    );
    expect(shown.errors).toBeUndefined();
    expect(shown.data?.linkedDocument).toMatchObject({ document: { id: document.id, name: "Visitor lease" }, role: "commenter" });
    expect(shown.data!.linkedDocument.file.size).toBeGreaterThan(0);

    const created = await graphql<{ createLinkComment: { id: string; body: string; isOwn: boolean; authorName: string; kind: string } }>(
      'mutation ($linkId: ID!) { createLinkComment(linkId: $linkId, body: "Over GraphQL", authorName: "Tia") { id body isOwn authorName kind } }',
      { accessToken, variables: { linkId: link.id } },
    );
    expect(created.errors).toBeUndefined();
    expect(created.data?.createLinkComment).toMatchObject({ body: "Over GraphQL", isOwn: true, authorName: "Tia", kind: "comment" });
    const commentId = created.data!.createLinkComment.id;

    const edited = await graphql(
      'mutation ($linkId: ID!, $commentId: ID!) { updateLinkComment(linkId: $linkId, commentId: $commentId, body: "Edited") { body } }',
      { accessToken, variables: { linkId: link.id, commentId } },
    );
    expect(edited.data).toEqual({ updateLinkComment: { body: "Edited" } });

    const listed = await graphql("query ($linkId: ID!) { linkComments(linkId: $linkId) { id body } }", {
      accessToken,
      variables: { linkId: link.id },
    });
    expect(listed.data).toEqual({ linkComments: [{ id: commentId, body: "Edited" }] });

    const deleted = await graphql(
      "mutation ($linkId: ID!, $commentId: ID!) { deleteLinkComment(linkId: $linkId, commentId: $commentId) }",
      {
        accessToken,
        variables: { linkId: link.id, commentId },
      },
    );
    expect(deleted.data).toEqual({ deleteLinkComment: commentId });

    const refreshed = await graphql<{ refreshLink: { accessToken: string; expiresIn: number; role: string; document: { id: string } } }>(
      "mutation ($refreshToken: String!) { refreshLink(refreshToken: $refreshToken) { accessToken expiresIn role document { id } } }",
      { variables: { refreshToken }, csrf: true },
    );
    expect(refreshed.errors).toBeUndefined();
    expect(refreshed.data?.refreshLink).toMatchObject({ role: "commenter", document: { id: document.id } });
    expect(refreshed.data!.refreshLink.accessToken).toBeTruthy();
  });

  it("without the link's token: UNAUTHENTICATED, as over REST", async () => {
    const { link } = await openLink();
    const shown = await graphql("{ linkedDocument { document { id } } }", { csrf: true });
    expect(shown.errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
    const listed = await graphql("query ($linkId: ID!) { linkComments(linkId: $linkId) { id } }", {
      variables: { linkId: link.id },
      csrf: true,
    });
    expect(listed.errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
  });
});

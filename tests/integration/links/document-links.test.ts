import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { anonymousContext } from "@/lib/auth/context";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { createDocumentLink, deleteDocumentLink, findDocumentLinks, updateDocumentLink } from "@/lib/links/document-links";
import { linkRef } from "@/lib/links/link-access";
import { getLinkedDocument, getLinkedDocumentFile, getDocumentLinkGate } from "@/lib/links/linked-document";
import { sanitizeHtml } from "@/lib/links/sanitize-html";
import { createLink, validateLink } from "@/lib/links/link-operations";
import { refreshDocumentLinkToken, validateDocumentLink, type LinkValidation } from "@/lib/links/validate-document-link";
import { runOperation } from "@/lib/operations/operation";
import type { ServiceContext } from "@/lib/auth/context";
import { addMember, createAccount, latestEmail, signedInAs } from "@/tests/factories";
import { makeDocx } from "@/tests/fixtures/docx";

const visitor = (ip = `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`) =>
  anonymousContext({ ip, userAgent: "vitest", locale: "es" });
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();

/** Creates a link through its declaration, which parses the settings (lists lower-cased, deduplicated; roles and entries checked). */
const createThroughDeclaration = (ctx: ServiceContext, documentId: string, settings: Record<string, unknown>) =>
  runOperation(createLink, ctx, { id: documentId, ...settings });

async function workspaceWithDocument() {
  const { account, owner } = await createAccount("Links");
  const { ctx } = await signedInAs(owner.id, account.id);
  const document = await createDocumentFromUpload(ctx, {}, { name: "a.docx", bytes: makeDocx(["Hello visitor"]) });
  return { account, owner, ctx, document };
}

function tokensOf(result: LinkValidation) {
  if (result.status !== "valid") throw new Error(`Expected tokens, got ${result.status}`);
  return result;
}

async function expire(linkId: string) {
  await db.documentLink.update({ where: { id: linkId }, data: { expiredAt: new Date(Date.now() - 1000) } });
}

describe("share links: managing", () => {
  it("creates, lists, updates and deletes links with audit rows, never granting more than reviewer", async () => {
    const { ctx, document, account } = await workspaceWithDocument();
    const link = await createDocumentLink(ctx, document.id, { name: "For the client", role: "commenter", expiredAt: inAMinute() });
    expect(link.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(link.url).toBe(`http://localhost:3000/s/${link.id}`);
    expect(link).toMatchObject({
      role: "commenter",
      isExpired: false,
      isSecure: false,
      accessedAt: null,
      permissions: ["view", "download", "comment"],
    });

    await expect(createThroughDeclaration(ctx, document.id, { name: "x", role: "editor" })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });
    await expect(
      createDocumentLink(ctx, document.id, { name: "x", expiredAt: new Date(Date.now() - 1000).toISOString() }),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED", params: { fields: "expiredAt" } });
    await expect(
      createThroughDeclaration(ctx, document.id, { name: "x", allowList: ["not an address"], isSecure: true }),
    ).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });
    await expect(createDocumentLink(ctx, document.id, { name: "x", allowList: ["acme.com"] })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      params: { fields: "isSecure" },
    });
    await expect(
      createThroughDeclaration(ctx, document.id, {
        name: "x",
        isSecure: true,
        denyList: Array.from({ length: 101 }, (_, i) => `u${i}@x.com`),
      }),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED" });

    const secure = await createThroughDeclaration(ctx, document.id, {
      name: "Secure",
      isSecure: true,
      allowList: ["@Acme.com", "ana@example.org", "acme.com"],
      denyList: ["bad@acme.com"],
    });
    expect(secure.allowList).toEqual(["acme.com", "ana@example.org"]);

    expect((await findDocumentLinks(ctx, document.id)).map((l) => l.name)).toEqual(["Secure", "For the client"]);

    const updated = await updateDocumentLink(ctx, link.id, { name: "Renamed", role: "reviewer", expiredAt: null });
    expect(updated).toMatchObject({ name: "Renamed", role: "reviewer", expiredAt: null, isExpired: false });
    await expect(updateDocumentLink(ctx, secure.id, { isSecure: false })).rejects.toMatchObject({ code: "VALIDATION_FAILED" });

    expect(await deleteDocumentLink(ctx, link.id)).toBe(link.id);
    expect(await db.documentLink.count({ where: { id: link.id } })).toBe(0);

    const audits = await db.audit.findMany({ where: { accountId: account.id, targetType: "documentLink" }, orderBy: { createdAt: "asc" } });
    expect(audits.map((a) => a.eventType)).toEqual(["link.created", "link.created", "link.updated", "link.deleted"]);
    // Audit rows name the link by a fingerprint: reading the audit does not reveal the URL.
    expect(audits[0].targetId).toBe(linkRef(link.id));
    expect(JSON.stringify(audits)).not.toContain(link.id);
  });

  it("refuses links to a reader (FORBIDDEN) and hides them from other accounts (NOT_FOUND)", async () => {
    const { ctx, document, account } = await workspaceWithDocument();
    const link = await createDocumentLink(ctx, document.id, { name: "Mine" });

    const member = await addMember(account.id, "Member");
    await db.documentPolicy.create({ data: { accountId: account.id, documentId: document.id, userId: member.id, role: "reader" } });
    const { ctx: readerCtx } = await signedInAs(member.id, account.id);
    await expect(createDocumentLink(readerCtx, document.id, { name: "Nope" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(findDocumentLinks(readerCtx, document.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(updateDocumentLink(readerCtx, link.id, { name: "x" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(deleteDocumentLink(readerCtx, link.id)).rejects.toMatchObject({ code: "FORBIDDEN" });

    const stranger = await workspaceWithDocument();
    await expect(findDocumentLinks(stranger.ctx, document.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(createDocumentLink(stranger.ctx, document.id, { name: "x" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(updateDocumentLink(stranger.ctx, link.id, { name: "Hijacked" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(deleteDocumentLink(stranger.ctx, link.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await db.documentLink.findUniqueOrThrow({ where: { id: link.id } })).name).toBe("Mine");
  });
});

describe("share links: visiting", () => {
  it("validates an open link, records the access, shows the document and downloads it", async () => {
    const { ctx, document, account } = await workspaceWithDocument();
    const link = await createDocumentLink(ctx, document.id, { name: "Open" });
    expect(await getDocumentLinkGate(link.id)).toEqual({ isSecure: false, account: { name: account.name } });

    const result = tokensOf(await validateDocumentLink(visitor(), link.id));
    expect(result).toMatchObject({ document: { id: document.id, name: document.name }, role: "reader", expiresIn: 900 });
    const row = await db.documentLink.findUniqueOrThrow({ where: { id: link.id } });
    expect(row.accessedAt).toBeInstanceOf(Date);
    expect(row.updatedAt.getTime()).toBe(new Date(link.updatedAt).getTime());
    const audit = await db.audit.findFirstOrThrow({ where: { accountId: account.id, eventType: "link.accessed" } });
    expect(audit).toMatchObject({ via: "link", viaId: linkRef(link.id), userId: null, targetId: document.id });

    const view = await getLinkedDocument(visitor(), result.accessToken);
    expect(view.html).toContain("Hello visitor");
    expect(view).toMatchObject({ document: { id: document.id }, role: "reader", canDownload: true, account: { name: account.name } });
    const file = await getLinkedDocumentFile(visitor(), result.accessToken);
    expect((await new Response(file.stream).arrayBuffer()).byteLength).toBe(file.size);
    expect(await db.audit.count({ where: { accountId: account.id, eventType: "document.downloaded", via: "link" } })).toBe(1);

    const refreshed = await refreshDocumentLinkToken(visitor(), result.refreshToken);
    expect((await getLinkedDocument(visitor(), refreshed.accessToken)).document.id).toBe(document.id);

    // Tokens are not interchangeable, and a forged one is refused.
    await expect(getLinkedDocument(visitor(), result.refreshToken)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(refreshDocumentLinkToken(visitor(), result.accessToken)).rejects.toMatchObject({ code: "SESSION_EXPIRED" });
    const [body, sig] = result.accessToken.split(".");
    const claims = JSON.parse(Buffer.from(body, "base64url").toString());
    const forged = `${Buffer.from(JSON.stringify({ ...claims, role: "owner" })).toString("base64url")}.${sig}`;
    await expect(getLinkedDocument(visitor(), forged)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(getLinkedDocument(visitor(), null)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("refuses validation, view and refresh once the link expired, and an unknown link", async () => {
    const { ctx, document } = await workspaceWithDocument();
    const link = await createDocumentLink(ctx, document.id, { name: "Soon", expiredAt: inAMinute() });
    const tokens = tokensOf(await validateDocumentLink(visitor(), link.id));
    expect(tokens.expiresIn).toBeLessThanOrEqual(60);
    await expire(link.id);
    await expect(validateDocumentLink(visitor(), link.id)).rejects.toMatchObject({ code: "LINK_EXPIRED", status: 410 });
    await expect(getLinkedDocument(visitor(), tokens.accessToken)).rejects.toMatchObject({ code: "LINK_EXPIRED" });
    await expect(getLinkedDocumentFile(visitor(), tokens.accessToken)).rejects.toMatchObject({ code: "LINK_EXPIRED" });
    await expect(refreshDocumentLinkToken(visitor(), tokens.refreshToken)).rejects.toMatchObject({ code: "LINK_EXPIRED" });
    await expect(getDocumentLinkGate(link.id)).rejects.toMatchObject({ code: "LINK_EXPIRED" });
    expect((await findDocumentLinks(ctx, document.id))[0].isExpired).toBe(true);
    await expect(validateDocumentLink(visitor(), "no-such-link")).rejects.toMatchObject({ code: "LINK_EXPIRED" });
  });

  it("kills existing tokens when the link is deleted", async () => {
    const { ctx, document } = await workspaceWithDocument();
    const link = await createDocumentLink(ctx, document.id, { name: "Gone soon" });
    const tokens = tokensOf(await validateDocumentLink(visitor(), link.id));
    await deleteDocumentLink(ctx, link.id);
    await expect(getLinkedDocument(visitor(), tokens.accessToken)).rejects.toMatchObject({ code: "LINK_EXPIRED" });
    await expect(refreshDocumentLinkToken(visitor(), tokens.refreshToken)).rejects.toMatchObject({ code: "LINK_EXPIRED" });
  });

  it("lets a secure link open only for an allowed address confirmed by the emailed code", async () => {
    const { ctx, document, account } = await workspaceWithDocument();
    const link = await createDocumentLink(ctx, document.id, {
      name: "Secure",
      role: "reviewer",
      isSecure: true,
      allowList: ["acme.com"],
      denyList: ["mallory@acme.com"],
    });
    const guest = visitor();

    expect(await validateDocumentLink(guest, link.id)).toEqual({ status: "emailRequired" });
    await expect(validateDocumentLink(guest, link.id, { email: "eve@evil.com" })).rejects.toMatchObject({
      code: "LINK_EXPIRED",
      details: { reason: "address" },
    });
    await expect(validateDocumentLink(guest, link.id, { email: "mallory@acme.com" })).rejects.toMatchObject({
      code: "LINK_EXPIRED",
      details: { reason: "address" },
    });
    expect(await latestEmail("eve@evil.com")).toBeNull();

    const email = `ana.${Date.now()}@sales.acme.com`;
    // Through the declaration, which parses: the address is lower-cased.
    expect(await runOperation(validateLink, guest, { linkId: link.id, email: email.toUpperCase() })).toEqual({ status: "codeSent", email });
    const mail = await latestEmail(email);
    expect(mail).toMatchObject({ template: "linkCode", locale: "es", subject: "Tu código para abrir un documento compartido" });
    expect(mail!.text).toContain(account.name);
    const code = mail!.text.match(/^(\d{6})$/m)![1];

    const wrong = code === "000000" ? "000001" : "000000";
    await expect(validateDocumentLink(guest, link.id, { email, code: wrong })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      details: { reason: "code" },
    });
    // The code is bound to the address it was sent to.
    await expect(validateDocumentLink(guest, link.id, { email: `bob.${Date.now()}@acme.com`, code })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
    });

    const tokens = tokensOf(await validateDocumentLink(guest, link.id, { email, code }));
    expect(tokens.role).toBe("reviewer");
    expect((await getLinkedDocument(guest, tokens.accessToken)).email).toBe(email);
    expect(await db.audit.findFirst({ where: { accountId: account.id, eventType: "link.accessed" } })).toMatchObject({
      payload: { email, role: "reviewer" },
    });

    // Denying the address later ends the visit at the next request.
    await updateDocumentLink(ctx, link.id, { denyList: ["sales.acme.com"] });
    await expect(getLinkedDocument(guest, tokens.accessToken)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(refreshDocumentLinkToken(guest, tokens.refreshToken)).rejects.toMatchObject({ code: "SESSION_EXPIRED" });
  });

  it("locks an address after five wrong codes", async () => {
    const { ctx, document } = await workspaceWithDocument();
    const link = await createDocumentLink(ctx, document.id, { name: "Secure", isSecure: true });
    const guest = visitor();
    const email = `guess.${Date.now()}@example.test`;
    await validateDocumentLink(guest, link.id, { email });
    const code = (await latestEmail(email))!.text.match(/^(\d{6})$/m)![1];
    const wrong = code === "123456" ? "654321" : "123456";
    for (let i = 0; i < 5; i++)
      await expect(validateDocumentLink(guest, link.id, { email, code: wrong })).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    await expect(validateDocumentLink(guest, link.id, { email, code })).rejects.toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
  });
});

describe("share links: HTML rendition", () => {
  it("keeps mammoth's markup and drops anything active", () => {
    const dirty = `<p onclick="x()">Hi <strong>there</strong></p><script>alert(1)</script><a href="javascript:alert(1)">a</a><a href="https://ok.test/">b</a><img src="data:image/png;base64,AAAA" onerror="x()"><img src="https://tracker.test/p.gif"><style>p{}</style><iframe src="x"></iframe><a href="jav&#x09;ascript:alert(1)">c</a>`;
    expect(sanitizeHtml(dirty)).toBe(
      `<p>Hi <strong>there</strong></p><a>a</a><a href="https://ok.test/">b</a><img src="data:image/png;base64,AAAA"><img><a>c</a>`,
    );
  });
});

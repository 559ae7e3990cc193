import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import * as accounts from "@/app/vapp/accounts/route";
import * as policies from "@/app/vapp/accounts/policies/route";
import * as policy from "@/app/vapp/accounts/policies/[id]/route";
import * as roles from "@/app/vapp/accounts/roles/route";
import * as role from "@/app/vapp/accounts/roles/[id]/route";
import * as rolesBulk from "@/app/vapp/accounts/roles/bulk-delete/route";
import * as policiesBulk from "@/app/vapp/accounts/policies/bulk-delete/route";
import * as brand from "@/app/vapp/accounts/brand/[kind]/route";
import * as resend from "@/app/vapp/accounts/invitations/[id]/resend/route";
import * as invitations from "@/app/vapp/accounts/invitations/route";
import * as switchRoute from "@/app/vapp/accounts/switch/route";
import * as categories from "@/app/vapp/categories/route";
import * as category from "@/app/vapp/categories/[id]/route";
import * as visibility from "@/app/vapp/categories/[id]/visibility/route";
import * as categoriesBulk from "@/app/vapp/categories/bulk-delete/route";
import * as tags from "@/app/vapp/tags/route";
import * as tag from "@/app/vapp/tags/[id]/route";
import * as tagsBulk from "@/app/vapp/tags/bulk-delete/route";
import * as requestAccess from "@/app/vapp/accounts/request-access/route";
import * as dataStore from "@/app/vapp/accounts/data-store/route";
import * as tokens from "@/app/vapp/accounts/tokens/route";
import * as token from "@/app/vapp/accounts/tokens/[id]/route";
import { createAccountToken } from "@/lib/accounts/account-tokens";
import { updateDataStore } from "@/lib/datastore/data-store";
import * as tokensBulk from "@/app/vapp/accounts/tokens/bulk-delete/route";
import * as documentPdf from "@/app/vapp/documents/[id]/pdf/route";
import * as documentShare from "@/app/vapp/documents/[id]/share/route";
import * as documentPoliciesBulk from "@/app/vapp/document-policies/bulk-delete/route";
import * as relationsBulk from "@/app/vapp/relations/bulk-delete/route";
import * as documentAttachments from "@/app/vapp/documents/[id]/attachments/route";
import * as documentArchive from "@/app/vapp/documents/[id]/archive/route";
import * as documentValues from "@/app/vapp/documents/[id]/values/route";
import * as documentAttachment from "@/app/vapp/documents/[id]/attachments/[attachmentId]/route";
import { addDocumentAttachment } from "@/lib/documents/add-document-attachment";
import * as templatesExport from "@/app/vapp/templates/export/route";
import { uploadBrandImage } from "@/lib/accounts/brand-images";
import { updateAccount } from "@/lib/accounts/update-account";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { createDocumentRelation } from "@/lib/documents/create-document-relation";
import { createAccount, signedInAs } from "@/tests/factories";
import { jsonRequest, params } from "@/tests/factories/http";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * Every REST route of the workspace administration, called by an Administrator of A with B's
 * ids or B's account header: not found or not allowed, and B's rows unchanged.
 */
let a: { token: string };
let b: {
  accountId: string;
  name: string;
  policyId: string;
  categoryId: string;
  tagId: string;
  roleId: string;
  logo: string;
  tokenId: string;
  storeValue: string;
};
/** B's document with its owner's policy and a relation to an annex. */
let bDocument: { id: string; policyId: string; relationId: string; attachmentId: string };

/** A 1×1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

beforeAll(async () => {
  const accountA = await createAccount("RestA");
  const accountB = await createAccount("RestB");
  a = { token: (await signedInAs(accountA.owner.id, accountA.account.id)).accessToken };
  const policyB = await db.accountPolicy.findFirstOrThrow({ where: { accountId: accountB.account.id } });
  const categoryB = await db.category.create({ data: { accountId: accountB.account.id, name: "Rest B", slug: "rest-b" } });
  const tagB = await db.tag.create({ data: { accountId: accountB.account.id, name: "Rest B" } });
  const roleB = await db.accountRole.create({
    data: { accountId: accountB.account.id, name: "Rest B role", permissions: ["ViewDocuments"] },
  });
  const { ctx: ctxB } = await signedInAs(accountB.owner.id, accountB.account.id);
  const { url: logo } = await uploadBrandImage(ctxB, "logo", new Uint8Array(PNG));
  // Named after B, so the leak check below also covers B's token names and data store values.
  const tokenB = await createAccountToken(ctxB, { name: `${accountB.account.name} integration` });
  const storeValue = `${accountB.account.name} Holdings`;
  await updateDataStore(ctxB, [{ name: "company legal name", type: "text", value: storeValue }]);
  b = {
    accountId: accountB.account.id,
    name: accountB.account.name,
    policyId: policyB.id,
    categoryId: categoryB.id,
    tagId: tagB.id,
    roleId: roleB.id,
    logo,
    tokenId: tokenB.id,
    storeValue,
  };
  const document = await createDocumentFromUpload(ctxB, { name: "Rest B contract" }, { name: "b.docx", bytes: makeDocx(["Rest B terms"]) });
  const annex = await createDocumentFromUpload(ctxB, { name: "Rest B annex" }, { name: "annex.docx", bytes: makeDocx(["Annex"]) });
  const documentPolicy = await db.documentPolicy.findFirstOrThrow({ where: { documentId: document.id } });
  const relation = await createDocumentRelation(ctxB, document.id, { toDocumentId: annex.id, type: "annex" });
  const attachment = await addDocumentAttachment(ctxB, document.id, {
    name: `${accountB.account.name} annex.docx`,
    bytes: makeDocx(["Annex of B"]),
  });
  bDocument = { id: document.id, policyId: documentPolicy.id, relationId: relation.id, attachmentId: attachment.id };
  // Sharing with people outside the workspace allowed on both sides: a refusal can only come from the scope.
  const ctxA = (await signedInAs(accountA.owner.id, accountA.account.id)).ctx;
  for (const ctx of [ctxA, ctxB]) await updateAccount(ctx, { settings: { documentShareExternalAccountMembers: true } });
});

/** The address the share route is asked to share B's document with: never given a link nor emailed. */
const SHARE_SPY = "rest-share-spy@example.test";

type Case = {
  name: string;
  call: () => Promise<Response>;
  withHeaderOfB?: boolean;
  /** Other refusals than 403/404. */ statuses?: number[];
};
const auth = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${a.token}`, ...extra });
const asB = () => auth({ "x-account-id": b.accountId });
const req = (method: string, path: string, body?: unknown, headers = auth()) => jsonRequest(method, path, { body, headers, csrf: false });

const CASES: Case[] = [
  { name: "PUT /vapp/accounts (B header)", call: () => accounts.PUT(req("PUT", "/vapp/accounts", { name: "Hijacked" }, asB())) },
  { name: "GET /vapp/accounts/policies (B header)", call: () => policies.GET(req("GET", "/vapp/accounts/policies", undefined, asB())) },
  { name: "GET /vapp/accounts/roles (B header)", call: () => roles.GET(req("GET", "/vapp/accounts/roles", undefined, asB())) },
  {
    name: "POST /vapp/accounts/invitations (B header)",
    call: () => invitations.POST(req("POST", "/vapp/accounts/invitations", { emails: ["x@example.test"], roleId: "role_member" }, asB())),
  },
  {
    name: "PATCH /vapp/accounts/policies/:B",
    call: () => policy.PATCH(req("PATCH", `/vapp/accounts/policies/${b.policyId}`, { roleId: "role_guest" }), params({ id: b.policyId })),
  },
  {
    name: "DELETE /vapp/accounts/policies/:B",
    call: () => policy.DELETE(req("DELETE", `/vapp/accounts/policies/${b.policyId}`), params({ id: b.policyId })),
  },
  { name: "POST /vapp/accounts/invitations/:B/resend", call: () => resend.POST(req("POST", "/x"), params({ id: b.policyId })) },
  {
    name: "POST /vapp/accounts/switch to B",
    call: () => switchRoute.POST(req("POST", "/vapp/accounts/switch", { accountId: b.accountId })),
  },
  { name: "GET /vapp/categories (B header)", call: () => categories.GET(req("GET", "/vapp/categories", undefined, asB())) },
  { name: "PATCH /vapp/categories/:B", call: () => category.PATCH(req("PATCH", "/x", { name: "Mine" }), params({ id: b.categoryId })) },
  { name: "DELETE /vapp/categories/:B", call: () => category.DELETE(req("DELETE", "/x"), params({ id: b.categoryId })) },
  {
    name: "PUT /vapp/categories/:B/visibility",
    call: () => visibility.PUT(req("PUT", "/x", { hidden: true }), params({ id: b.categoryId })),
  },
  { name: "POST /vapp/categories/bulk-delete", call: () => categoriesBulk.POST(req("POST", "/x", { ids: [b.categoryId] })) },
  { name: "GET /vapp/tags (B header)", call: () => tags.GET(req("GET", "/vapp/tags", undefined, asB())) },
  { name: "PATCH /vapp/tags/:B", call: () => tag.PATCH(req("PATCH", "/x", { color: "#000000" }), params({ id: b.tagId })) },
  { name: "DELETE /vapp/tags/:B", call: () => tag.DELETE(req("DELETE", "/x"), params({ id: b.tagId })) },
  { name: "POST /vapp/tags/bulk-delete", call: () => tagsBulk.POST(req("POST", "/x", { ids: [b.tagId] })) },
  {
    name: "POST /vapp/categories (B header)",
    call: () => categories.POST(req("POST", "/vapp/categories", { name: "Planted", group: "document" }, asB())),
  },
  { name: "PUT /vapp/categories (B header)", call: () => categories.PUT(req("PUT", "/vapp/categories", { name: "Planted" }, asB())) },
  {
    name: "PUT /vapp/categories with B's id",
    call: () => categories.PUT(req("PUT", "/vapp/categories", { id: b.categoryId, name: "Mine" })),
  },
  { name: "POST /vapp/tags (B header)", call: () => tags.POST(req("POST", "/vapp/tags", { name: "Planted", color: "#000000" }, asB())) },
  { name: "PUT /vapp/tags (B header)", call: () => tags.PUT(req("PUT", "/vapp/tags", { name: "Planted" }, asB())) },
  { name: "PUT /vapp/tags with B's id", call: () => tags.PUT(req("PUT", "/vapp/tags", { id: b.tagId, color: "#000000" })) },
  {
    name: "POST /vapp/accounts/policies (B header)",
    call: () => policies.POST(req("POST", "/x", { email: "rest-spy3@example.test", roleId: "role_administrator" }, asB())),
  },
  {
    name: "POST /vapp/accounts/policies with B's role",
    call: () => policies.POST(req("POST", "/x", { email: "rest-spy4@example.test", roleId: b.roleId })),
  },
  {
    name: "POST /vapp/accounts/request-access (B header)",
    call: () => requestAccess.POST(req("POST", "/vapp/accounts/request-access", { note: "Let me in" }, asB())),
  },
  {
    name: "GET /vapp/accounts/data-store (B header)",
    call: () => dataStore.GET(req("GET", "/vapp/accounts/data-store", undefined, asB())),
  },
  {
    name: "PUT /vapp/accounts/data-store (B header)",
    call: () => dataStore.PUT(req("PUT", "/x", { variables: [{ name: "planted", value: "x" }] }, asB())),
  },
  { name: "GET /vapp/accounts/tokens (B header)", call: () => tokens.GET(req("GET", "/vapp/accounts/tokens", undefined, asB())) },
  { name: "POST /vapp/accounts/tokens (B header)", call: () => tokens.POST(req("POST", "/x", { name: "sneaky" }, asB())) },
  { name: "DELETE /vapp/accounts/tokens/:B", call: () => token.DELETE(req("DELETE", "/x"), params({ id: b.tokenId })) },
  {
    name: "POST /vapp/accounts/roles (B header)",
    call: () => roles.POST(req("POST", "/x", { name: "Planted", permissions: ["ViewDocuments"] }, asB())),
  },
  { name: "PUT /vapp/accounts/roles with B's id", call: () => roles.PUT(req("PUT", "/x", { id: b.roleId, name: "Hijacked" })) },
  { name: "PUT /vapp/accounts/roles (B header)", call: () => roles.PUT(req("PUT", "/x", { name: "Planted", permissions: [] }, asB())) },
  { name: "PATCH /vapp/accounts/roles/:B", call: () => role.PATCH(req("PATCH", "/x", { name: "Hijacked" }), params({ id: b.roleId })) },
  { name: "DELETE /vapp/accounts/roles/:B", call: () => role.DELETE(req("DELETE", "/x"), params({ id: b.roleId })) },
  { name: "POST /vapp/accounts/roles/bulk-delete", call: () => rolesBulk.POST(req("POST", "/x", { ids: [b.roleId] })) },
  {
    name: "PUT /vapp/accounts/policies with B's id",
    call: () => policies.PUT(req("PUT", "/x", { id: b.policyId, roleId: "role_guest", status: "disabled" })),
  },
  {
    name: "PUT /vapp/accounts/policies (B header)",
    call: () => policies.PUT(req("PUT", "/x", { email: "spy@example.test", roleId: "role_administrator" }, asB())),
  },
  { name: "POST /vapp/accounts/policies/bulk-delete", call: () => policiesBulk.POST(req("POST", "/x", { ids: [b.policyId] })) },
  {
    name: "GET /vapp/accounts/brand/logo (B header)",
    call: () => brand.GET(req("GET", "/vapp/accounts/brand/logo", undefined, asB()), params({ kind: "logo" })),
  },
  {
    name: "POST /vapp/accounts/brand/logo (B header)",
    call: () => {
      const form = new FormData();
      form.append("file", new File([PNG], "logo.png", { type: "image/png" }));
      return brand.POST(
        new Request("http://localhost:3000/vapp/accounts/brand/logo", { method: "POST", body: form, headers: asB() }),
        params({ kind: "logo" }),
      );
    },
  },
  // Documents, their people and relations; API tokens in bulk
  {
    name: "GET /vapp/documents/:B/pdf",
    call: () => documentPdf.GET(req("GET", `/vapp/documents/${bDocument.id}/pdf`), params({ id: bDocument.id })),
  },
  {
    name: "GET /vapp/documents/:B/pdf (B header)",
    call: () => documentPdf.GET(req("GET", `/vapp/documents/${bDocument.id}/pdf?inline=1`, undefined, asB()), params({ id: bDocument.id })),
  },
  {
    name: "GET /vapp/documents/:B/share",
    call: () => documentShare.GET(req("GET", `/vapp/documents/${bDocument.id}/share`), params({ id: bDocument.id })),
  },
  {
    name: "POST /vapp/documents/:B/share",
    call: () => documentShare.POST(req("POST", "/x", { email: SHARE_SPY, role: "reader" }), params({ id: bDocument.id })),
  },
  {
    name: "POST /vapp/documents/:B/share (B header)",
    call: () => documentShare.POST(req("POST", "/x", { email: SHARE_SPY, role: "reader" }, asB()), params({ id: bDocument.id })),
  },
  {
    name: "PUT /vapp/documents/:B/values",
    call: () => documentValues.PUT(req("PUT", "/x", { values: { client: "Hijacked" } }), params({ id: bDocument.id })),
  },
  {
    name: "POST /vapp/documents/:B/archive",
    call: () => documentArchive.POST(req("POST", "/x", { archived: true }), params({ id: bDocument.id })),
  },
  {
    name: "POST /vapp/documents/:B/archive (B header)",
    call: () => documentArchive.POST(req("POST", "/x", { archived: true }, asB()), params({ id: bDocument.id })),
  },
  { name: "GET /vapp/documents/:B/attachments", call: () => documentAttachments.GET(req("GET", "/x"), params({ id: bDocument.id })) },
  {
    name: "GET /vapp/documents/:B/attachments (B header)",
    call: () => documentAttachments.GET(req("GET", "/x", undefined, asB()), params({ id: bDocument.id })),
  },
  {
    name: "POST /vapp/documents/:B/attachments",
    call: () => {
      const form = new FormData();
      form.append("file", new File([PNG], "planted.png", { type: "image/png" }));
      return documentAttachments.POST(
        new Request("http://localhost:3000/x", { method: "POST", body: form, headers: auth() }),
        params({ id: bDocument.id }),
      );
    },
  },
  {
    name: "GET /vapp/documents/:B/attachments/:B",
    call: () => documentAttachment.GET(req("GET", "/x"), params({ id: bDocument.id, attachmentId: bDocument.attachmentId })),
  },
  {
    name: "DELETE /vapp/documents/:B/attachments/:B",
    call: () => documentAttachment.DELETE(req("DELETE", "/x"), params({ id: bDocument.id, attachmentId: bDocument.attachmentId })),
  },
  {
    name: "DELETE /vapp/documents/:B/attachments/:B (B header)",
    call: () =>
      documentAttachment.DELETE(req("DELETE", "/x", undefined, asB()), params({ id: bDocument.id, attachmentId: bDocument.attachmentId })),
  },
  {
    name: "POST /vapp/document-policies/bulk-delete",
    call: () => documentPoliciesBulk.POST(req("POST", "/x", { ids: [bDocument.policyId] })),
  },
  { name: "POST /vapp/relations/bulk-delete", call: () => relationsBulk.POST(req("POST", "/x", { ids: [bDocument.relationId] })) },
  { name: "POST /vapp/accounts/tokens/bulk-delete", call: () => tokensBulk.POST(req("POST", "/x", { ids: [b.tokenId] })) },
  {
    name: "POST /vapp/accounts/tokens/bulk-delete (B header)",
    call: () => tokensBulk.POST(req("POST", "/x", { ids: [b.tokenId] }, asB())),
  },
  // Token-based, with no account of its own: a guessed token tells nothing about B's invitations.
  {
    name: "GET /vapp/accounts/invitations (B header)",
    call: () => invitations.GET(req("GET", "/vapp/accounts/invitations?token=guessed-token-1234567890", undefined, asB())),
    statuses: [400],
  },
  {
    name: "GET /vapp/templates/export (B header)",
    call: () => templatesExport.GET(req("GET", "/vapp/templates/export", undefined, asB())),
  },
];

describe("REST cross-account isolation", () => {
  it.each(CASES)("$name", async ({ call, statuses }) => {
    const response = await call();
    expect(statuses ?? [403, 404]).toContain(response.status);
    expect(await response.text()).not.toContain(b.name);
    expect(await db.account.findUniqueOrThrow({ where: { id: b.accountId } })).toMatchObject({ name: b.name });
    expect(await db.accountPolicy.findUniqueOrThrow({ where: { id: b.policyId } })).toMatchObject({ roleId: "role_administrator" });
    expect(await db.category.findUniqueOrThrow({ where: { id: b.categoryId } })).toMatchObject({ name: "Rest B", hidden: false });
    expect(await db.tag.findUniqueOrThrow({ where: { id: b.tagId } })).toMatchObject({ color: "#7c3aed" });
    expect(await db.accountRole.findUniqueOrThrow({ where: { id: b.roleId } })).toMatchObject({
      name: "Rest B role",
      permissions: ["ViewDocuments"],
    });
    expect(await db.accountRole.count({ where: { accountId: b.accountId } })).toBe(1);
    expect(await db.accountPolicy.findMany({ where: { accountId: b.accountId }, select: { id: true, status: true } })).toEqual([
      { id: b.policyId, status: "active" },
    ]);
    expect((await db.account.findUniqueOrThrow({ where: { id: b.accountId } })).brand).toMatchObject({ logo: b.logo });
    expect(await db.category.count({ where: { accountId: b.accountId } })).toBe(1);
    expect(await db.tag.count({ where: { accountId: b.accountId } })).toBe(1);
    expect(await db.accountToken.findMany({ where: { accountId: b.accountId }, select: { id: true, active: true } })).toEqual([
      { id: b.tokenId, active: true },
    ]);
    expect((await db.accountDataStore.findUniqueOrThrow({ where: { accountId: b.accountId } })).variables).toEqual([
      { name: "company legal name", type: "text", value: b.storeValue },
    ]);
    expect(await db.audit.count({ where: { accountId: b.accountId, eventType: "account.accessRequested" } })).toBe(0);
    expect(await db.user.count({ where: { email: { in: ["rest-spy3@example.test", "rest-spy4@example.test"] } } })).toBe(0);
    expect(
      await db.documentPolicy.findMany({ where: { documentId: bDocument.id }, select: { id: true, role: true, status: true } }),
    ).toEqual([{ id: bDocument.policyId, role: "owner", status: "active" }]);
    expect(await db.documentRelation.findMany({ where: { accountId: b.accountId }, select: { id: true } })).toEqual([
      { id: bDocument.relationId },
    ]);
    // No PDF copy made and no download recorded.
    const contents = await db.documentContent.findMany({ where: { documentId: bDocument.id }, select: { metadata: true } });
    expect(contents.map((c) => (c.metadata as { pdfPath?: string }).pdfPath)).toEqual([undefined]);
    expect(await db.audit.count({ where: { targetId: bDocument.id, eventType: "document.downloaded" } })).toBe(0);
    expect(await db.documentLink.count({ where: { documentId: bDocument.id } })).toBe(0);
    expect(await db.document.findUniqueOrThrow({ where: { id: bDocument.id }, select: { archived: true } })).toEqual({ archived: false });
    expect(await db.documentContent.count({ where: { documentId: bDocument.id } })).toBe(1);
    expect(await db.documentAttachment.findMany({ where: { documentId: bDocument.id }, select: { id: true } })).toEqual([
      { id: bDocument.attachmentId },
    ]);
    expect(await db.audit.count({ where: { targetId: bDocument.id, eventType: "document.attachmentDownloaded" } })).toBe(0);
    expect(await db.outboxEmail.count({ where: { to: SHARE_SPY } })).toBe(0);
  });

  it("the same routes work inside A's own workspace", async () => {
    const created = await categories.POST(req("POST", "/vapp/categories", { name: "Leases", group: "document" }));
    expect(created.status).toBe(201);
    const { id } = await created.json();
    const listed = await (await categories.GET(req("GET", "/vapp/categories"))).json();
    expect(listed.map((c: { id: string }) => c.id)).toContain(id);
    const page = await (await policies.GET(req("GET", "/vapp/accounts/policies?page=1&size=5"))).json();
    expect(page).toMatchObject({ page: 1, perPage: 5, total: 1 });
  });
});

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
import { uploadBrandImage } from "@/lib/accounts/brand-images";
import { createAccount, signedInAs } from "@/tests/factories";
import { jsonRequest, params } from "@/tests/factories/http";

/**
 * Every REST route of the workspace administration, called by an Administrator of A with B's
 * ids or B's account header: not found or not allowed, and B's rows unchanged.
 */
let a: { token: string };
let b: { accountId: string; name: string; policyId: string; categoryId: string; tagId: string; roleId: string; logo: string };

/** A 1×1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

beforeAll(async () => {
  const accountA = await createAccount("RestA");
  const accountB = await createAccount("RestB");
  a = { token: (await signedInAs(accountA.owner.id, accountA.account.id)).accessToken };
  const policyB = await db.accountPolicy.findFirstOrThrow({ where: { accountId: accountB.account.id } });
  const categoryB = await db.category.create({ data: { accountId: accountB.account.id, name: "Rest B", slug: "rest-b" } });
  const tagB = await db.tag.create({ data: { accountId: accountB.account.id, name: "Rest B" } });
  const roleB = await db.accountRole.create({ data: { accountId: accountB.account.id, name: "Rest B role", permissions: ["ViewDocuments"] } });
  const { ctx: ctxB } = await signedInAs(accountB.owner.id, accountB.account.id);
  const { url: logo } = await uploadBrandImage(ctxB, "logo", new Uint8Array(PNG));
  b = { accountId: accountB.account.id, name: accountB.account.name, policyId: policyB.id, categoryId: categoryB.id, tagId: tagB.id, roleId: roleB.id, logo };
});

type Case = { name: string; call: () => Promise<Response>; withHeaderOfB?: boolean; /** Other refusals than 403/404. */ statuses?: number[] };
const auth = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${a.token}`, ...extra });
const asB = () => auth({ "x-account-id": b.accountId });
const req = (method: string, path: string, body?: unknown, headers = auth()) => jsonRequest(method, path, { body, headers, csrf: false });

const CASES: Case[] = [
  { name: "PUT /vapp/accounts (B header)", call: () => accounts.PUT(req("PUT", "/vapp/accounts", { name: "Hijacked" }, asB())) },
  { name: "GET /vapp/accounts/policies (B header)", call: () => policies.GET(req("GET", "/vapp/accounts/policies", undefined, asB())) },
  { name: "GET /vapp/accounts/roles (B header)", call: () => roles.GET(req("GET", "/vapp/accounts/roles", undefined, asB())) },
  { name: "POST /vapp/accounts/invitations (B header)", call: () => invitations.POST(req("POST", "/vapp/accounts/invitations", { emails: ["x@example.test"], roleId: "role_member" }, asB())) },
  { name: "PATCH /vapp/accounts/policies/:B", call: () => policy.PATCH(req("PATCH", `/vapp/accounts/policies/${b.policyId}`, { roleId: "role_guest" }), params({ id: b.policyId })) },
  { name: "DELETE /vapp/accounts/policies/:B", call: () => policy.DELETE(req("DELETE", `/vapp/accounts/policies/${b.policyId}`), params({ id: b.policyId })) },
  { name: "POST /vapp/accounts/invitations/:B/resend", call: () => resend.POST(req("POST", "/x"), params({ id: b.policyId })) },
  { name: "POST /vapp/accounts/switch to B", call: () => switchRoute.POST(req("POST", "/vapp/accounts/switch", { accountId: b.accountId })) },
  { name: "GET /vapp/categories (B header)", call: () => categories.GET(req("GET", "/vapp/categories", undefined, asB())) },
  { name: "PATCH /vapp/categories/:B", call: () => category.PATCH(req("PATCH", "/x", { name: "Mine" }), params({ id: b.categoryId })) },
  { name: "DELETE /vapp/categories/:B", call: () => category.DELETE(req("DELETE", "/x"), params({ id: b.categoryId })) },
  { name: "PUT /vapp/categories/:B/visibility", call: () => visibility.PUT(req("PUT", "/x", { hidden: true }), params({ id: b.categoryId })) },
  { name: "POST /vapp/categories/bulk-delete", call: () => categoriesBulk.POST(req("POST", "/x", { ids: [b.categoryId] })) },
  { name: "GET /vapp/tags (B header)", call: () => tags.GET(req("GET", "/vapp/tags", undefined, asB())) },
  { name: "PATCH /vapp/tags/:B", call: () => tag.PATCH(req("PATCH", "/x", { color: "#000000" }), params({ id: b.tagId })) },
  { name: "DELETE /vapp/tags/:B", call: () => tag.DELETE(req("DELETE", "/x"), params({ id: b.tagId })) },
  { name: "POST /vapp/tags/bulk-delete", call: () => tagsBulk.POST(req("POST", "/x", { ids: [b.tagId] })) },
  { name: "POST /vapp/accounts/roles (B header)", call: () => roles.POST(req("POST", "/x", { name: "Planted", permissions: ["ViewDocuments"] }, asB())) },
  { name: "PUT /vapp/accounts/roles with B's id", call: () => roles.PUT(req("PUT", "/x", { id: b.roleId, name: "Hijacked" })) },
  { name: "PUT /vapp/accounts/roles (B header)", call: () => roles.PUT(req("PUT", "/x", { name: "Planted", permissions: [] }, asB())) },
  { name: "PATCH /vapp/accounts/roles/:B", call: () => role.PATCH(req("PATCH", "/x", { name: "Hijacked" }), params({ id: b.roleId })) },
  { name: "DELETE /vapp/accounts/roles/:B", call: () => role.DELETE(req("DELETE", "/x"), params({ id: b.roleId })) },
  { name: "POST /vapp/accounts/roles/bulk-delete", call: () => rolesBulk.POST(req("POST", "/x", { ids: [b.roleId] })) },
  { name: "PUT /vapp/accounts/policies with B's id", call: () => policies.PUT(req("PUT", "/x", { id: b.policyId, roleId: "role_guest", status: "disabled" })) },
  { name: "PUT /vapp/accounts/policies (B header)", call: () => policies.PUT(req("PUT", "/x", { email: "spy@example.test", roleId: "role_administrator" }, asB())) },
  { name: "POST /vapp/accounts/policies/bulk-delete", call: () => policiesBulk.POST(req("POST", "/x", { ids: [b.policyId] })) },
  { name: "GET /vapp/accounts/brand/logo (B header)", call: () => brand.GET(req("GET", "/vapp/accounts/brand/logo", undefined, asB()), params({ kind: "logo" })) },
  {
    name: "POST /vapp/accounts/brand/logo (B header)",
    call: () => {
      const form = new FormData();
      form.append("file", new File([PNG], "logo.png", { type: "image/png" }));
      return brand.POST(new Request("http://localhost:3000/vapp/accounts/brand/logo", { method: "POST", body: form, headers: asB() }), params({ kind: "logo" }));
    },
  },
  // Token-based, with no account of its own: a guessed token tells nothing about B's invitations.
  { name: "GET /vapp/accounts/invitations (B header)", call: () => invitations.GET(req("GET", "/vapp/accounts/invitations?token=guessed-token-1234567890", undefined, asB())), statuses: [400] },
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
    expect(await db.accountRole.findUniqueOrThrow({ where: { id: b.roleId } })).toMatchObject({ name: "Rest B role", permissions: ["ViewDocuments"] });
    expect(await db.accountRole.count({ where: { accountId: b.accountId } })).toBe(1);
    expect(await db.accountPolicy.findMany({ where: { accountId: b.accountId }, select: { id: true, status: true } })).toEqual([{ id: b.policyId, status: "active" }]);
    expect((await db.account.findUniqueOrThrow({ where: { id: b.accountId } })).brand).toMatchObject({ logo: b.logo });
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

import { afterEach, describe, expect, it, vi } from "vitest";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { jsonRequest } from "@/tests/factories/http";

const original = process.env.UPGRADE_CONTACT_URL;
afterEach(() => {
  if (original === undefined) delete process.env.UPGRADE_CONTACT_URL;
  else process.env.UPGRADE_CONTACT_URL = original;
});

// getUpgradeContact is marked server-only (it reads administrators' addresses); the test is the server.
vi.mock("server-only", () => ({}));
const { GET } = await import("@/app/vapp/accounts/upgrade-contact/route");

const get = (token?: string) =>
  GET(jsonRequest("GET", "/vapp/accounts/upgrade-contact", { headers: token ? { authorization: `Bearer ${token}` } : {} }));

describe("GET /vapp/accounts/upgrade-contact (the import's upgrade prompt)", () => {
  it("leads an administrator to checkout, a member to their own workspace's administrators, and needs a session", async () => {
    delete process.env.UPGRADE_CONTACT_URL;
    const { account, owner } = await createAccount("Upgrade");
    const other = await createAccount("Upgrade other");
    const member = await signedInAs((await addMember(account.id, "Member")).id, account.id);
    const answer = await (await get(member.accessToken)).json();
    expect(answer).toEqual({ plan: expect.any(String), href: `mailto:${owner.email}`, kind: "administrators" });
    expect(JSON.stringify(answer)).not.toContain(other.owner.email);

    const admin = await signedInAs(owner.id, account.id);
    // Whoever manages billing changes the plan in checkout, sales page or not.
    expect(await (await get(admin.accessToken)).json()).toMatchObject({ href: "/settings/ws/billing", kind: "checkout" });
    expect((await get()).status).toBe(401);

    process.env.UPGRADE_CONTACT_URL = "https://example.com/pricing";
    expect(await (await get(member.accessToken)).json()).toMatchObject({ href: "https://example.com/pricing", kind: "url" });
    expect(await (await get(admin.accessToken)).json()).toMatchObject({ kind: "checkout" });
  });
});

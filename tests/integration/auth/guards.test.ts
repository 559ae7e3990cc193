import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { readSessionJwt } from "@/lib/auth/session-jwt";
import { proxy } from "@/proxy";
import { createUser, signedInAs } from "@/tests/factories";

const visit = (path: string, cookie?: string) =>
  proxy(new NextRequest(`http://localhost:3000${path}`, { headers: cookie ? { cookie } : {} }));

describe("screen guards (proxy.ts)", () => {
  it("sends a signed-out visitor of a protected screen to login, keeping the full path", async () => {
    const response = await visit("/settings/ws/users?page=2");
    expect(response.status).toBe(307);
    expect(response.headers.get("location")).toBe("http://localhost:3000/login?redirect=%2Fsettings%2Fws%2Fusers%3Fpage%3D2");
    expect((await visit("/invite?token=x")).headers.get("location")).toBeNull();
  });

  it("sends a signed-in user away from guest-only screens to the redirect or home", async () => {
    const user = await createUser();
    const { accessToken } = await signedInAs(user.id);
    const cookie = `next-auth.session-token=${accessToken}`;
    expect((await visit("/login", cookie)).headers.get("location")).toBe("http://localhost:3000/");
    expect((await visit("/login?redirect=%2Fsettings", cookie)).headers.get("location")).toBe("http://localhost:3000/settings");
    expect((await visit("/login?redirect=%2F%2Fevil.example", cookie)).headers.get("location")).toBe("http://localhost:3000/");
    expect((await visit("/signup", cookie)).headers.get("location")).toBe("http://localhost:3000/");
  });

  it("never sends a signed-in user off-site from the redirect query", async () => {
    const user = await createUser();
    const { accessToken } = await signedInAs(user.id);
    const cookie = `next-auth.session-token=${accessToken}`;
    for (const redirect of [
      "/%5Cevil.example",
      "/%09/evil.example",
      "/%5C%5Cevil.example",
      "%2F%5Cevil.example",
      "/%2F%2Fevil.example",
      "%2F%2Fevil.example",
      "https%3A%2F%2Fevil.example",
      "javascript%3Aalert(1)",
      "/%255Cevil.example",
    ]) {
      const location = (await visit(`/login?redirect=${redirect}`, cookie)).headers.get("location");
      expect(location, redirect).toBe("http://localhost:3000/");
    }
    expect((await visit("/login?redirect=http%3A%2F%2Flocalhost%3A3000%2Fdocs%3Fview%3Dall", cookie)).headers.get("location")).toBe(
      "http://localhost:3000/docs?view=all",
    );
    expect((await visit("/forgot-password?redirect=%2Fsettings%2Fprofile", cookie)).headers.get("location")).toBe(
      "http://localhost:3000/settings/profile",
    );
  });

  it("lets an internal user reach registration while signed in", async () => {
    const staff = await createUser();
    await db.user.update({ where: { id: staff.id }, data: { internal: true } });
    const { accessToken } = await signedInAs(staff.id);
    expect((await readSessionJwt(accessToken))?.int).toBe(true);
    const response = await visit("/signup", `next-auth.session-token=${accessToken}`);
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.get("x-middleware-next")).toBe("1");
  });

  it("forwards the real path and query to the page, overwriting a value the client sent", async () => {
    const user = await createUser();
    const { accessToken } = await signedInAs(user.id);
    const response = await proxy(
      new NextRequest("http://localhost:3000/docs?status=draft&page=3", {
        headers: { cookie: `next-auth.session-token=${accessToken}`, "x-page-path": "/elsewhere" },
      }),
    );
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.get("x-middleware-request-x-page-path")).toBe("/docs?status=draft&page=3");
  });
});

describe("account guard (requirePageAccount)", () => {
  /** The bearer token the mocked request carries; null for a signed-out visitor. */
  let token: string | null = null;
  /** The real path and query proxy.ts forwards in x-page-path; null when it did not. */
  let pagePath: string | null = null;
  let requirePageAccount: (path: string) => Promise<{ accountId: string }>;
  /** The URL the page was sent to, or null when it rendered. */
  const guard = async (path: string) => {
    try {
      await requirePageAccount(path);
      return null;
    } catch (error) {
      const to = (error as { redirectTo?: string }).redirectTo;
      if (!to) throw error;
      return to;
    }
  };

  beforeAll(async () => {
    // Pages read the request through next/headers and leave through next/navigation: stand-ins.
    vi.doMock("server-only", () => ({}));
    vi.doMock("next/headers", () => ({
      headers: async () => ({
        get: (name: string) => (name === "authorization" && token ? `Bearer ${token}` : name === "x-page-path" ? pagePath : null),
      }),
      cookies: async () => ({ get: () => undefined }),
    }));
    vi.doMock("next/navigation", () => ({
      redirect: (to: string) => {
        throw Object.assign(new Error(`redirect ${to}`), { redirectTo: to });
      },
    }));
    ({ requirePageAccount } = await import("@/lib/auth/require-page-account"));
  });

  afterAll(() => {
    vi.doUnmock("server-only");
    vi.doUnmock("next/headers");
    vi.doUnmock("next/navigation");
  });

  it("sends a signed-out visitor to login through /logout, keeping the path", async () => {
    token = null;
    expect(await guard("/settings/profile")).toBe("/logout?redirect=%2Fsettings%2Fprofile");
  });

  it("keeps the real path and query that proxy.ts forwards, not the page's fixed path", async () => {
    token = null;
    pagePath = "/docs?status=draft&page=3";
    try {
      expect(await guard("/docs")).toBe("/logout?redirect=%2Fdocs%3Fstatus%3Ddraft%26page%3D3");
      // Next's RSC cache buster is not part of the address; an off-site value is ignored.
      pagePath = "/?view=all&_rsc=1x2y";
      expect(await guard("/")).toBe("/logout?redirect=%2F%3Fview%3Dall");
      pagePath = "//evil.example/x";
      expect(await guard("/docs")).toBe("/logout?redirect=%2Fdocs");
      const user = await createUser();
      token = (await signedInAs(user.id)).accessToken;
      pagePath = "/templates?category=lease";
      expect(await guard("/templates")).toBe("/create-account?redirect=%2Ftemplates%3Fcategory%3Dlease");
    } finally {
      pagePath = null;
    }
  });

  it("sends a user without a workspace to account creation, keeping the path in the query", async () => {
    const user = await createUser();
    token = (await signedInAs(user.id)).accessToken;
    expect(await guard("/settings/security")).toBe("/create-account?redirect=%2Fsettings%2Fsecurity");
    expect(await guard("/settings/ws/users?page=2")).toBe("/create-account?redirect=%2Fsettings%2Fws%2Fusers%3Fpage%3D2");
  });

  it("sends an internal user without a workspace to registration", async () => {
    const staff = await createUser();
    await db.user.update({ where: { id: staff.id }, data: { internal: true } });
    token = (await signedInAs(staff.id)).accessToken;
    expect(await guard("/settings/preferences")).toBe("/signup");
  });

  it("sends a member whose membership was disabled to account creation, and lets an active member in", async () => {
    const { createAccount } = await import("@/tests/factories");
    const { account, owner } = await createAccount("Guarded");
    token = (await signedInAs(owner.id, account.id)).accessToken;
    expect(await guard("/settings/profile")).toBeNull();
    const { accountId } = await requirePageAccount("/settings/profile");
    expect(accountId).toBe(account.id);
    await db.accountPolicy.updateMany({ where: { accountId: account.id, userId: owner.id }, data: { status: "disabled" } });
    token = (await signedInAs(owner.id, account.id)).accessToken;
    expect(await guard("/settings/profile")).toBe("/create-account?redirect=%2Fsettings%2Fprofile");
  });
});

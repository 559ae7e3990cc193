import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
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

  it("lets an internal user reach registration while signed in", async () => {
    const staff = await createUser();
    await db.user.update({ where: { id: staff.id }, data: { internal: true } });
    const { accessToken } = await signedInAs(staff.id);
    expect((await readSessionJwt(accessToken))?.int).toBe(true);
    const response = await visit("/signup", `next-auth.session-token=${accessToken}`);
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.get("x-middleware-next")).toBe("1");
  });
});

import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { POST as login } from "@/app/vapp/auth/provider/local/route";
import { anonymousContext } from "@/lib/auth/context";
import { enterAccountBySlug } from "@/lib/accounts/enter-account-by-slug";
import { buildContext } from "@/lib/auth/get-request-context";
import { readSessionJwt, sessionCookieName } from "@/lib/auth/session-jwt";
import { signInWithPassword } from "@/lib/sign-in/sign-in-with-password";
import { proxy } from "@/proxy";
import { addMember, createAccount, createUser, PASSWORD, signedInAs } from "@/tests/factories";
import { jsonRequest, setCookies } from "@/tests/factories/http";

/**
 * The sub-domain guard choosing the workspace (docs/auth.md, "Workspace sub-domains"): acme.<base>
 * goes to /login/acme on the base; signed in, that page moves a member's session into the
 * workspace; signed out, signing in there starts the session in it.
 */

/** A workspace reachable at `<slug>.localhost:3000` (APP_URL is http://localhost:3000 in tests). */
async function workspaceWithSlug(name: string) {
  const { account, owner } = await createAccount(name);
  const slug = `${name.toLowerCase()}-${randomUUID().slice(0, 6)}`;
  await db.account.update({ where: { id: account.id }, data: { slug } });
  return { account, owner, slug };
}

/** A user who belongs to `first` (joined first) and `second`. */
async function memberOfTwo() {
  const first = await workspaceWithSlug("First");
  const second = await workspaceWithSlug("Second");
  const user = await createUser();
  await addMember(first.account.id, "Member", user);
  await addMember(second.account.id, "Manager", user);
  return { first, second, user };
}

const visit = (url: string, cookie?: string) => {
  const { host } = new URL(url);
  return proxy(new NextRequest(url, { headers: { host, ...(cookie ? { cookie } : {}) } }));
};

/** The texts, titles and link targets of a rendered element tree (without rendering components). */
function textOf(node: unknown): string {
  if (node === null || node === undefined || typeof node === "boolean") return "";
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(textOf).join(" ");
  const props = (node as { props?: { title?: string; href?: string; children?: unknown } }).props ?? {};
  return [props.title, props.href ? `href=${props.href}` : null, textOf(props.children)].filter(Boolean).join(" ");
}

const sessionAccount = async (sessionId: string) => (await db.session.findUniqueOrThrow({ where: { id: sessionId } })).accountId;

describe("sub-domain guard (proxy.ts with a Host header)", () => {
  it("sends a workspace sub-domain's screens to that workspace's sign-in on the base, keeping the path", async () => {
    const { slug } = await workspaceWithSlug("Acme");
    const user = await createUser();
    const { accessToken } = await signedInAs(user.id);
    // Signed out, and with a cookie (set for the base host, a browser does not send it here; a proxy might).
    for (const cookie of [undefined, `next-auth.session-token=${accessToken}`]) {
      expect((await visit(`http://${slug}.localhost:3000/docs?view=all`, cookie)).headers.get("location")).toBe(
        `http://localhost:3000/login/${slug}?redirect=%2Fdocs%3Fview%3Dall`,
      );
      expect((await visit(`http://${slug}.localhost:3000/`, cookie)).headers.get("location")).toBe(`http://localhost:3000/login/${slug}`);
      expect((await visit(`http://${slug}.localhost:3000/login?redirect=%2Ftemplates`, cookie)).headers.get("location")).toBe(
        `http://localhost:3000/login/${slug}?redirect=%2Ftemplates`,
      );
    }
  });

  it("keeps the path of screens that are not a workspace's (share links, registration)", async () => {
    expect((await visit("http://acme.localhost:3000/s/abcdef?x=1")).headers.get("location")).toBe("http://localhost:3000/s/abcdef?x=1");
    expect((await visit("http://acme.localhost:3000/signup")).headers.get("location")).toBe("http://localhost:3000/signup");
    expect((await visit("http://elsewhere.test:3000/docs")).headers.get("location")).toBe("http://localhost:3000/docs");
  });

  it("lets a signed-in visitor reach the workspace's sign-in address (the page selects it), and nothing else guest-only", async () => {
    const user = await createUser();
    const { accessToken } = await signedInAs(user.id);
    const cookie = `next-auth.session-token=${accessToken}`;
    const landing = await visit("http://localhost:3000/login/acme?redirect=%2Fdocs", cookie);
    expect(landing.headers.get("location")).toBeNull();
    expect(landing.headers.get("x-middleware-request-x-page-path")).toBe("/login/acme?redirect=%2Fdocs");
    expect((await visit("http://localhost:3000/login?redirect=%2Fdocs", cookie)).headers.get("location")).toBe(
      "http://localhost:3000/docs",
    );
    // Signed out, the workspace's sign-in is shown as before.
    expect((await visit("http://localhost:3000/login/acme?redirect=%2Fdocs")).headers.get("x-middleware-next")).toBe("1");
  });
});

describe("entering a workspace by its slug (signed in)", () => {
  it("switches a member's session to the workspace, audited as a switch; nothing when already there", async () => {
    const { first, second, user } = await memberOfTwo();
    const { ctx, sessionId } = await signedInAs(user.id, first.account.id);
    const result = await enterAccountBySlug(ctx, second.slug.toUpperCase());
    expect(result).toEqual({ status: "entered", account: { id: second.account.id, name: second.account.name } });
    expect(await sessionAccount(sessionId)).toBe(second.account.id);
    const audit = await db.audit.findFirst({
      where: { userId: user.id, eventType: "session.accountSwitched" },
      orderBy: { createdAt: "desc" },
    });
    expect(audit).toMatchObject({ accountId: second.account.id, targetId: second.account.id, via: "session", viaId: sessionId });

    const again = await signedInAs(user.id, second.account.id);
    const before = await db.audit.count({ where: { userId: user.id, eventType: "session.accountSwitched" } });
    expect((await enterAccountBySlug(again.ctx, second.slug)).status).toBe("entered");
    expect(await db.audit.count({ where: { userId: user.id, eventType: "session.accountSwitched" } })).toBe(before);
  });

  it("keeps a non-member in their own workspace, and ignores an unknown or inactive slug", async () => {
    const { first, user } = await memberOfTwo();
    const other = await workspaceWithSlug("Other");
    const { ctx, sessionId } = await signedInAs(user.id, first.account.id);
    expect(await enterAccountBySlug(ctx, other.slug)).toEqual({
      status: "notMember",
      account: { id: other.account.id, name: other.account.name },
    });
    expect(await enterAccountBySlug(ctx, "no-such-workspace")).toEqual({ status: "unknown" });
    await db.account.update({ where: { id: other.account.id }, data: { active: false } });
    expect(await enterAccountBySlug(ctx, other.slug)).toEqual({ status: "unknown" });
    expect(await sessionAccount(sessionId)).toBe(first.account.id);
    expect(await db.audit.count({ where: { userId: user.id, eventType: "session.accountSwitched" } })).toBe(0);
  });

  it("does not enter a workspace whose membership is suspended", async () => {
    const { first, second, user } = await memberOfTwo();
    await db.accountPolicy.updateMany({ where: { accountId: second.account.id, userId: user.id }, data: { status: "disabled" } });
    const { ctx, sessionId } = await signedInAs(user.id, first.account.id);
    expect((await enterAccountBySlug(ctx, second.slug)).status).toBe("notMember");
    expect(await sessionAccount(sessionId)).toBe(first.account.id);
  });
});

describe("the page /login/:slug for a signed-in visitor", () => {
  let token: string | null = null;
  let LoginPage: (props: {
    params: Promise<{ slug?: string[] }>;
    searchParams: Promise<Record<string, string | undefined>>;
  }) => Promise<unknown>;
  const open = async (slug: string, redirect?: string) => {
    try {
      return {
        element: await LoginPage({
          params: Promise.resolve({ slug: [slug] }),
          searchParams: Promise.resolve(redirect ? { redirect } : {}),
        }),
        to: null,
      };
    } catch (error) {
      const to = (error as { redirectTo?: string }).redirectTo;
      if (!to) throw error;
      return { element: null, to };
    }
  };

  beforeAll(async () => {
    // The page's context, translations and redirect are stand-ins. The context module itself is
    // replaced (not next/headers under it): test files share modules here, and the real one,
    // once loaded with a mocked next/headers, would keep it for the files that run after this one.
    vi.doMock("server-only", () => ({}));
    vi.doMock("@/lib/auth/get-page-context", () => ({
      getPageContext: () =>
        buildContext({ header: (name) => (name === "authorization" && token ? `Bearer ${token}` : null), cookie: () => null }),
    }));
    vi.doMock("next/navigation", () => ({
      redirect: (to: string) => {
        throw Object.assign(new Error(`redirect ${to}`), { redirectTo: to });
      },
    }));
    vi.doMock("next-intl/server", () => ({
      getTranslations: async (namespace: string) =>
        Object.assign(
          (key: string, params?: Record<string, unknown>) => `${namespace}.${key}${params ? ` ${JSON.stringify(params)}` : ""}`,
          { has: () => false },
        ),
    }));
    ({ default: LoginPage } = await import("@/app/(auth)/login/[[...slug]]/page"));
  });

  afterAll(() => {
    for (const name of ["server-only", "@/lib/auth/get-page-context", "next/navigation", "next-intl/server"]) vi.doUnmock(name);
  });

  it("moves a member into the workspace and goes on to the redirect, never off the base", async () => {
    const { first, second, user } = await memberOfTwo();
    const session = await signedInAs(user.id, first.account.id);
    token = session.accessToken;
    expect((await open(second.slug, "/docs?view=all")).to).toBe("/docs?view=all");
    expect(await sessionAccount(session.sessionId)).toBe(second.account.id);
    // A sub-domain or another site as the redirect would loop through the guard or leave: home instead.
    expect((await open(first.slug, `http://${second.slug}.localhost:3000/docs`)).to).toBe("/");
    expect((await open(first.slug, "https://evil.example/")).to).toBe("/");
    expect(await sessionAccount(session.sessionId)).toBe(first.account.id);
  });

  it("tells a non-member they stay in their own workspace, with a way on", async () => {
    const { first, user } = await memberOfTwo();
    const other = await workspaceWithSlug("Elsewhere");
    const session = await signedInAs(user.id, first.account.id);
    token = session.accessToken;
    const { element, to } = await open(other.slug, "/docs");
    expect(to).toBeNull();
    const text = textOf(element);
    expect(text).toContain("auth.subdomain.title");
    expect(text).toContain(`auth.subdomain.notMember ${JSON.stringify({ account: other.account.name })}`);
    expect(text).toContain("href=/docs");
    expect(await sessionAccount(session.sessionId)).toBe(first.account.id);
    expect(textOf((await open("no-such-workspace")).element)).toContain("auth.subdomain.unknown");
  });
});

describe("signing in at /login/:slug", () => {
  it("starts the session in that workspace for a member, and ignores the slug otherwise", async () => {
    const { first, second, user } = await memberOfTwo();
    const other = await workspaceWithSlug("Foreign");
    const ctx = anonymousContext({ ip: null, userAgent: "vitest" });
    const bySlug = await signInWithPassword(ctx, { email: user.email, password: PASSWORD, slug: second.slug });
    expect(bySlug.session.accountId).toBe(second.account.id);
    expect((await readSessionJwt(bySlug.session.accessToken))?.aid).toBe(second.account.id);
    const audit = await db.audit.findFirst({ where: { userId: user.id, eventType: "user.signedIn" }, orderBy: { createdAt: "desc" } });
    expect(audit).toMatchObject({ accountId: second.account.id, payload: { provider: "local", slug: second.slug } });

    expect((await signInWithPassword(ctx, { email: user.email, password: PASSWORD })).session.accountId).toBe(first.account.id);
    expect((await signInWithPassword(ctx, { email: user.email, password: PASSWORD, slug: other.slug })).session.accountId).toBe(
      first.account.id,
    );
    expect((await signInWithPassword(ctx, { email: user.email, password: PASSWORD, slug: "no-such-workspace" })).session.accountId).toBe(
      first.account.id,
    );
  });

  it("carries the slug through the sign-in route, and refuses a malformed one", async () => {
    const { second, user } = await memberOfTwo();
    const response = await login(
      jsonRequest("POST", "/vapp/auth/provider/local", { body: { email: user.email, password: PASSWORD, slug: second.slug } }),
    );
    expect(response.status).toBe(200);
    expect((await response.json()).accountId).toBe(second.account.id);
    const claims = await readSessionJwt(setCookies(response)[sessionCookieName()]);
    expect(await sessionAccount(claims!.sid)).toBe(second.account.id);

    const bad = await login(
      jsonRequest("POST", "/vapp/auth/provider/local", { body: { email: user.email, password: PASSWORD, slug: "../evil" } }),
    );
    expect(bad.status).toBe(400);
    // A wrong password with a slug is the same answer as without.
    const wrong = await login(
      jsonRequest("POST", "/vapp/auth/provider/local", { body: { email: user.email, password: "Wrong-pass1", slug: second.slug } }),
    );
    expect(wrong.status).toBe(401);
  });
});

import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { acceptInvitation, getInvitation } from "@/lib/accounts/accept-invitation";
import { GLOBAL_ROLE_IDS } from "@/lib/accounts/create-account";
import { inviteMembers } from "@/lib/accounts/invite-members";
import { anonymousContext } from "@/lib/auth/context";
import { getTranslator } from "@/lib/i18n/messages";
import { createAccount, latestEmail, signedInAs, tokenFromEmail, uniqueEmail } from "@/tests/factories";

/**
 * The invitation page (app/invite/page.tsx) rendered as the server would, for a link that was
 * already used and one that expired: each explains itself and offers sign-in.
 */
type Page = (props: { searchParams: Promise<{ token?: string }> }) => Promise<React.ReactElement>;
let InvitePage: Page;
const en = getTranslator("en");

beforeAll(async () => {
  vi.doMock("server-only", () => ({}));
  // A signed-out visitor. (Not through next/headers: test files share modules, and the guard tests
  // mock that one for their own requests.)
  vi.doMock("@/lib/auth/get-page-context", () => ({ getPageContext: async () => anonymousContext() }));
  vi.doMock("next-intl/server", () => ({
    getTranslations: async (namespace: string) => {
      const t = (key: string, params?: Record<string, string>) => en(`${namespace}.${key}` as never, params as never);
      return Object.assign(t, { has: (key: string) => getTranslator("en").has(`${namespace}.${key}` as never) });
    },
  }));
  InvitePage = (await import("@/app/invite/page")).default as unknown as Page;
});

afterAll(() => {
  vi.doUnmock("server-only");
  vi.doUnmock("@/lib/auth/get-page-context");
  vi.doUnmock("next-intl/server");
});

async function invite() {
  const { account, owner } = await createAccount("Quebec");
  const { ctx } = await signedInAs(owner.id, account.id);
  const email = uniqueEmail("page");
  await inviteMembers(ctx, { emails: [email], roleId: GLOBAL_ROLE_IDS.Guest });
  return { account, token: tokenFromEmail((await latestEmail(email))!.text) };
}

/** Only the refusal branch is rendered here (no client components); the e2e test covers accepting. */
const render = async (token: string) => renderToStaticMarkup(await InvitePage({ searchParams: Promise.resolve({ token }) }));

describe("invitation page", () => {
  it("an already used link says so and offers sign-in", async () => {
    const { account, token } = await invite();
    expect(await getInvitation(token)).toMatchObject({ accountName: account.name });
    await acceptInvitation(anonymousContext(), { token, firstName: "Rita", password: "Joined-pass1" });
    await expect(getInvitation(token)).rejects.toMatchObject({ code: "TOKEN_USED" });
    const html = await render(token);
    expect(html).toContain(en("invite.invalid"));
    expect(html).toContain(en("errors.TOKEN_USED"));
    expect(html).toContain(`href="/login">${en("invite.signIn")}</a>`);
    expect(html).not.toContain(account.name);
  });

  it("an expired link says so and offers sign-in", async () => {
    const { account, token } = await invite();
    await db.authToken.updateMany({
      where: { type: "invitation", usedAt: null, user: { policies: { some: { accountId: account.id } } } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await expect(getInvitation(token)).rejects.toMatchObject({ code: "TOKEN_EXPIRED" });
    const html = await render(token);
    expect(html).toContain(en("errors.TOKEN_EXPIRED"));
    expect(html).toContain(`href="/login">${en("invite.signIn")}</a>`);
    expect(html).not.toContain(account.name);
  });
});

import { describe, expect, it } from "vitest";
import { getShellProps } from "@/components/layout/shell-props";
import { accessWritesSettled, buildContext } from "@/lib/auth/get-request-context";
import { withRequestMemo } from "@/lib/auth/request-memo";
import { countStatements, db } from "@/lib/db";
import { getMe } from "@/lib/users/get-me";
import { addMember, createAccount, signedInAs } from "@/tests/factories";

/**
 * getMe in a read-only request (a page, a GET) takes the user's columns from the session's
 * statement and reads the memberships with one plain statement, once per request; a page's session
 * statement reads the memberships too, so its getMe sends none (issue 15). Its answer must be the
 * one of the Prisma query it replaces, every column with its type, on both databases; any other
 * request reads the user and memberships with Prisma as before.
 */
const prismaMe = async (userId: string) => {
  const { passwordHash, ...user } = await db.user.findUniqueOrThrow({
    where: { id: userId },
    include: {
      policies: {
        where: { status: "active" },
        orderBy: { createdAt: "asc" },
        include: { account: { select: { id: true, name: true, brand: true } }, role: { select: { name: true } } },
      },
    },
  });
  return { ...user, name: [user.firstName, user.lastName].filter(Boolean).join(" "), hasPassword: Boolean(passwordHash) };
};

describe("getMe", () => {
  it("answers a read-only request as Prisma does: several workspaces, a brand, membership metadata, an inactive membership left out", async () => {
    const { account: first, owner } = await createAccount("First");
    const { account: second } = await createAccount("Second");
    const { account: third } = await createAccount("Third");
    await addMember(second.id, "Member", owner);
    await addMember(third.id, "Guest", owner);
    await db.account.update({ where: { id: second.id }, data: { brand: { color: "#112233", logo: "/vapp/accounts/brand/logo?v=1" } } });
    await db.accountPolicy.updateMany({
      where: { accountId: second.id, userId: owner.id },
      data: { metadata: { pinned: ["a", 1] }, accessedAt: new Date("2026-03-04T05:06:07.089Z") },
    });
    await db.accountPolicy.updateMany({ where: { accountId: third.id, userId: owner.id }, data: { status: "disabled" } });

    const { ctx, accessToken } = await signedInAs(owner.id, first.id);
    // The context records the member's last access after it answers: not one of getMe's statements.
    await accessWritesSettled();
    const page = withRequestMemo(ctx, { readOnly: true });
    const read = await countStatements(() => getMe(page));
    expect(read.result).toEqual(await prismaMe(owner.id));
    expect(read.result.policies.map((policy) => policy.accountId)).toEqual([first.id, second.id]);
    expect(read.statements).toHaveLength(1);

    // A page and its shell ask again: no statement.
    const again = await countStatements(async () => [await getMe(page), (await getShellProps(page as never)).me]);
    expect(again.statements).toHaveLength(0);
    expect(again.result[0]).toBe(read.result);

    // A page: the session's statement reads the workspaces too, and getMe sends nothing more.
    const viaPage = await countStatements(async () => {
      const pageCtx = await buildContext(
        { header: (name) => (name === "authorization" ? `Bearer ${accessToken}` : null), cookie: () => null },
        { withPolicies: true },
      );
      return getMe(withRequestMemo(pageCtx, { readOnly: true }));
    });
    expect(viaPage.result).toEqual(await prismaMe(owner.id));
    expect(viaPage.statements).toHaveLength(1);

    // Another user's page sees only their own workspace.
    const { account: theirs, owner: someoneElse } = await createAccount("Theirs");
    const other = await signedInAs(someoneElse.id, theirs.id);
    await accessWritesSettled();
    const otherPage = await buildContext(
      { header: (name) => (name === "authorization" ? `Bearer ${other.accessToken}` : null), cookie: () => null },
      { withPolicies: true },
    );
    const theirMe = await getMe(withRequestMemo(otherPage, { readOnly: true }));
    expect(theirMe.policies.map((policy) => policy.accountId)).toEqual([theirs.id]);
    expect(theirMe).toEqual(await prismaMe(someoneElse.id));

    // A request that may write, and a context without a request (a subscription's), read with Prisma.
    for (const context of [withRequestMemo(ctx, { readOnly: false }), ctx]) {
      const other = await countStatements(() => getMe(context));
      expect(other.result).toEqual(await prismaMe(owner.id));
    }
  });
});

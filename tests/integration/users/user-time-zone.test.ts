import { describe, expect, it } from "vitest";
import { accessWritesSettled, buildContext } from "@/lib/auth/get-request-context";
import { countStatements, db } from "@/lib/db";
import { getUserTimeZone } from "@/lib/users/get-user-time-zone";
import { createAccount, signedInAs } from "@/tests/factories";

/**
 * A page's time zone (i18n/request.ts) comes from the user's row the session's statement read:
 * no statement of its own, and a saved change shows on the next request.
 */
describe("getUserTimeZone", () => {
  it("takes a session's time zone from its row, without a statement, and falls back to UTC", async () => {
    const { account, owner } = await createAccount("Zones");
    await db.user.update({ where: { id: owner.id }, data: { timezone: "Europe/Madrid" } });
    const { accessToken } = await signedInAs(owner.id, account.id);
    // The first context records the membership's access after the answer: not among counted statements.
    await accessWritesSettled();
    const page = () =>
      buildContext(
        { header: (name) => (name === "authorization" ? `Bearer ${accessToken}` : null), cookie: () => null },
        { withPolicies: true },
      );

    const ctx = await page();
    const read = await countStatements(() => getUserTimeZone(ctx.userId, ctx.sessionUser));
    expect(read.result).toBe("Europe/Madrid");
    expect(read.statements).toHaveLength(0);

    // Changed elsewhere: the next request's row has it (no cache in between).
    await db.user.update({ where: { id: owner.id }, data: { timezone: "Not/AZone" } });
    const next = await page();
    expect(await getUserTimeZone(next.userId, next.sessionUser)).toBe("UTC");
    expect(await getUserTimeZone(null)).toBe("UTC");
  });
});

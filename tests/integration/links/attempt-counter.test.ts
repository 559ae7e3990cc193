import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { assertLinkNotThrottled, countLinkAttempt, LINK_THROTTLE } from "@/lib/links/link-code";

/** The attempt counter behind link codes and signers' certificate passwords: one statement per key. */
const key = (label: string) => `test-attempts:${label}:${Math.random().toString(36).slice(2)}`;

describe("countLinkAttempt", () => {
  it("counts every one of many attempts at the same instant, and locks at the limit", async () => {
    const k = key("burst");
    await Promise.all(Array.from({ length: 8 }, () => countLinkAttempt([{ key: k, limit: 5 }])));
    const row = await db.signInThrottle.findUniqueOrThrow({ where: { key: k } });
    expect(row.failures).toBe(8);
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    await expect(assertLinkNotThrottled([{ key: k, limit: 5 }])).rejects.toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
  });

  it("does not lock below the limit, and starts again at 1 once the window has passed", async () => {
    const k = key("window");
    await countLinkAttempt([{ key: k, limit: 3 }]);
    await countLinkAttempt([{ key: k, limit: 3 }]);
    expect(await db.signInThrottle.findUniqueOrThrow({ where: { key: k } })).toMatchObject({ failures: 2, lockedUntil: null });
    await countLinkAttempt([{ key: k, limit: 3 }]);
    expect((await db.signInThrottle.findUniqueOrThrow({ where: { key: k } })).lockedUntil).not.toBeNull();

    const longAgo = new Date(Date.now() - (LINK_THROTTLE.windowMinutes + 1) * 60_000);
    await db.signInThrottle.update({ where: { key: k }, data: { windowStart: longAgo, lockedUntil: longAgo } });
    await countLinkAttempt([{ key: k, limit: 3 }]);
    expect(await db.signInThrottle.findUniqueOrThrow({ where: { key: k } })).toMatchObject({ failures: 1, lockedUntil: null });
    await expect(assertLinkNotThrottled([{ key: k, limit: 3 }])).resolves.toBeUndefined();
  });
});

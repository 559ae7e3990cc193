import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppErrorCode, isAppError } from "@/lib/errors/app-error";
import { CALLER_LIMITS, CallerBudget, callerKey } from "@/lib/graphql/caller-budget";
import { QUERY_LIMITS } from "@/lib/graphql/query-limits";

/** A caller's share of the process (issue 37): concurrency, a cost bucket, a bounded line. */
const limits = { concurrent: 2, waiting: 3, costPerSecond: 1_000, costBurst: 2_000, maxWaitMs: 5_000 };
const budget = () => new CallerBudget(limits, () => Date.now());

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Whether a promise has settled, after the microtasks queued so far. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe("a caller's budget", () => {
  it("lets a quiet caller spend its burst at once, then paces it at its rate", async () => {
    const b = budget();
    (await b.take("a", 1_000))();
    (await b.take("a", 1_000))();
    // The bucket is empty: the next 1,000 come after a second.
    const third = b.take("a", 1_000);
    expect(await settled(third)).toBe(false);
    await vi.advanceTimersByTimeAsync(900);
    expect(await settled(third)).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(await settled(third)).toBe(true);
    (await third)();
  });

  it("runs at most `concurrent` requests of one caller at once, the next in order as each ends", async () => {
    const b = budget();
    const first = await b.take("a", 1);
    const second = await b.take("a", 1);
    const third = b.take("a", 1);
    const fourth = b.take("a", 1);
    expect(await settled(third)).toBe(false);
    first();
    expect(await settled(third)).toBe(true);
    expect(await settled(fourth)).toBe(false);
    // Ending twice frees one place only.
    first();
    expect(await settled(fourth)).toBe(false);
    second();
    expect(await settled(fourth)).toBe(true);
  });

  it("leaves other callers untouched", async () => {
    const b = budget();
    await b.take("a", 2_000);
    await b.take("a", 0);
    const waiting = b.take("a", 500);
    expect(await settled(waiting)).toBe(false);
    // Another user, another link: their own share, at once.
    expect(await settled(b.take("b", 2_000))).toBe(true);
  });

  it("refuses at once, with the seconds to wait, a request that would wait too long or find the line full", async () => {
    const b = budget();
    (await b.take("a", 2_000))();
    // 2,000 ahead of nothing at 1,000 a second: 2 s, within the 5 s allowed.
    const allowed = b.take("a", 2_000);
    // Then 2,000 + 2,000 = 4 s, still allowed; one more would be 6 s.
    const alsoAllowed = b.take("a", 2_000);
    const refused = await b.take("a", 2_000).catch((error: unknown) => error);
    expect(isAppError(refused) && refused.code).toBe(AppErrorCode.TOO_MANY_REQUESTS);
    expect(isAppError(refused) && refused.status).toBe(429);
    expect(isAppError(refused) && refused.params).toEqual({ seconds: 6 });
    expect(isAppError(refused) && Date.parse(String(refused.details.retryAt)) - Date.now()).toBe(6_000);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(await settled(allowed)).toBe(true);
    expect(await settled(alsoAllowed)).toBe(true);

    // A full line: `waiting` requests wait, the next is refused whatever their cost.
    const c = budget();
    const held = [await c.take("a", 0), await c.take("a", 0)];
    const line = [c.take("a", 0), c.take("a", 0), c.take("a", 0)];
    await expect(c.take("a", 0)).rejects.toMatchObject({ code: AppErrorCode.TOO_MANY_REQUESTS });
    held.forEach((release) => release());
    for (const request of line) (await request)();
  });

  it("lets a request given up while waiting leave the line", async () => {
    const b = budget();
    await b.take("a", 2_000);
    const controller = new AbortController();
    const given = b.take("a", 1_000, controller.signal);
    const next = b.take("a", 1_000);
    controller.abort(new Error("gone"));
    await expect(given).rejects.toThrow("gone");
    // The one behind it takes its place: 1,000 after a second.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await settled(next)).toBe(true);
  });

  it("counts no request above one full bucket, and forgets a caller once idle and full again", async () => {
    const b = budget();
    // Costlier than the burst: charged the burst (the request is allowed by the per-request limit).
    (await b.take("a", 50_000))();
    expect(b.size).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(b.size).toBe(0);
  });

  it("names the caller by user, else by the link or key it came through, else by address", () => {
    expect(callerKey({ userId: "u1", via: "session", viaId: "s1", ip: "1.2.3.4" })).toBe("user:u1");
    expect(callerKey({ userId: null, via: "link", viaId: "l1", ip: "1.2.3.4" })).toBe("link:l1");
    expect(callerKey({ userId: null, via: "anonymous", viaId: null, ip: "1.2.3.4" })).toBe("ip:1.2.3.4");
    // A quiet caller may always send one request of the largest cost allowed.
    expect(CALLER_LIMITS.costBurst).toBe(QUERY_LIMITS.cost);
  });
});

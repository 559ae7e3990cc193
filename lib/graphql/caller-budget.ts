import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { QUERY_LIMITS } from "./query-limits";

/**
 * SECURITY-CRITICAL. What one caller's GraphQL requests may take of an app process (issue 37;
 * docs/api.md, "Limits"). The limits of query-limits.ts bound one request; these bound a caller
 * who sends allowed requests, as heavy as allowed, one after the other: two such callers took a
 * process's whole time, and every other user's sign-in waited 19 times longer
 * (bench:graphql-limits). Per process, in memory: each process protects its own time. The
 * settings GRAPHQL_CALLER_* change them (the test suite, whose files share one process, raises them).
 */
const setting = (name: string, fallback: number) => Number(process.env[name]) || fallback;

export const CALLER_LIMITS = {
  /** Executions of one caller at once; the next ones wait their turn. */
  concurrent: setting("GRAPHQL_CALLER_CONCURRENT", 2),
  /** Requests of one caller waiting for their turn; one more is refused at once. */
  waiting: setting("GRAPHQL_CALLER_WAITING", 8),
  /**
   * Estimated cost (lib/graphql/list-cost-rule.ts) a caller may spend per second, sustained:
   * about a tenth of a process's time with the heaviest allowed requests (15 pages of 100
   * documents cost 9,000 and take 150 ms alone). Forty pages of 25 documents a second fit.
   */
  costPerSecond: setting("GRAPHQL_CALLER_COST_PER_SECOND", 5_000),
  /** What a caller may spend at once, when it has been quiet: one request of the largest cost allowed. */
  costBurst: QUERY_LIMITS.cost,
  /** The longest a request waits for its turn; one that would wait longer is refused at once. */
  maxWaitMs: 5_000,
};

export type CallerLimits = { [K in keyof typeof CALLER_LIMITS]: number };

/** TOO_MANY_REQUESTS, to try again in `seconds` (REST's and GraphQL's Retry-After). */
export function tooManyRequests(seconds: number): AppError {
  const wait = Math.max(1, Math.ceil(seconds));
  return new AppError(AppErrorCode.TOO_MANY_REQUESTS, {
    message: `Too many requests from this caller. Try again in ${wait} seconds.`,
    params: { seconds: wait },
    details: { retryAt: new Date(Date.now() + wait * 1000).toISOString() },
  });
}

type Waiting = { cost: number; start: () => void; refuse: (error: unknown) => void };
type Caller = { tokens: number; at: number; running: number; waiting: Waiting[]; timer?: NodeJS.Timeout };

/**
 * A caller's share of the process: at most `concurrent` executions at once, and a token bucket of
 * estimated cost (`costBurst` at most, refilled at `costPerSecond`). A request that finds no room
 * waits its turn, in order; one that would wait beyond `maxWaitMs`, or find `waiting` ahead of it,
 * is refused at once with TOO_MANY_REQUESTS and the seconds to wait. A caller leaves no trace
 * once idle with a full bucket, so memory follows the callers of the last few seconds.
 */
export class CallerBudget {
  private readonly callers = new Map<string, Caller>();

  constructor(
    private readonly limits: CallerLimits = CALLER_LIMITS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Callers with a trace (tests). */
  get size(): number {
    return this.callers.size;
  }

  /**
   * Waits for the caller's turn to spend `cost`, then answers the function that ends the request
   * (call it once, also on failure). `signal`: the request's; a request given up while waiting
   * leaves the line.
   */
  async take(key: string, cost: number, signal?: AbortSignal): Promise<() => void> {
    const { limits } = this;
    const need = Math.min(Math.max(cost, 0), limits.costBurst);
    const caller = this.caller(key);
    this.refill(caller);
    if (!caller.waiting.length && caller.running < limits.concurrent && caller.tokens >= need) {
      caller.tokens -= need;
      caller.running++;
      return this.release(key, caller);
    }
    const ahead = caller.waiting.reduce((sum, w) => sum + w.cost, 0);
    const waitMs = (Math.max(0, ahead + need - caller.tokens) / limits.costPerSecond) * 1000;
    if (caller.waiting.length >= limits.waiting || waitMs > limits.maxWaitMs) {
      this.forget(key, caller);
      throw tooManyRequests(Math.max(waitMs, 1000) / 1000);
    }
    return new Promise<() => void>((resolve, reject) => {
      const entry: Waiting = {
        cost: need,
        start: () => {
          signal?.removeEventListener("abort", leave);
          resolve(this.release(key, caller));
        },
        refuse: reject,
      };
      const leave = () => {
        const index = caller.waiting.indexOf(entry);
        if (index < 0) return;
        caller.waiting.splice(index, 1);
        reject(signal?.reason ?? new Error("The request was given up."));
        this.pump(key, caller);
      };
      if (signal?.aborted) return leave();
      signal?.addEventListener("abort", leave, { once: true });
      caller.waiting.push(entry);
      this.pump(key, caller);
    });
  }

  private caller(key: string): Caller {
    let caller = this.callers.get(key);
    if (!caller) {
      caller = { tokens: this.limits.costBurst, at: this.now(), running: 0, waiting: [] };
      this.callers.set(key, caller);
    }
    return caller;
  }

  private refill(caller: Caller): void {
    const now = this.now();
    caller.tokens = Math.min(this.limits.costBurst, caller.tokens + ((now - caller.at) / 1000) * this.limits.costPerSecond);
    caller.at = now;
  }

  private release(key: string, caller: Caller): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      caller.running--;
      this.pump(key, caller);
    };
  }

  /** Starts the waiting requests that now fit, in order; else comes back when the next one will. */
  private pump(key: string, caller: Caller): void {
    clearTimeout(caller.timer);
    caller.timer = undefined;
    this.refill(caller);
    while (caller.waiting.length && caller.running < this.limits.concurrent && caller.tokens >= caller.waiting[0]!.cost) {
      const next = caller.waiting.shift()!;
      caller.tokens -= next.cost;
      caller.running++;
      next.start();
    }
    const next = caller.waiting[0];
    if (next && caller.running < this.limits.concurrent) {
      const ms = ((next.cost - caller.tokens) / this.limits.costPerSecond) * 1000;
      caller.timer = setTimeout(() => this.pump(key, caller), Math.max(1, Math.ceil(ms)));
      caller.timer.unref?.();
    }
    this.forget(key, caller);
  }

  /** Drops an idle caller whose bucket is full again (or will be by its next request: the same). */
  private forget(key: string, caller: Caller): void {
    if (caller.running || caller.waiting.length) return;
    if (caller.tokens >= this.limits.costBurst) this.callers.delete(key);
    else {
      // Full again after this long: its trace would only say so.
      const ms = ((this.limits.costBurst - caller.tokens) / this.limits.costPerSecond) * 1000;
      clearTimeout(caller.timer);
      caller.timer = setTimeout(() => {
        if (!caller.running && !caller.waiting.length && this.callers.get(key) === caller) this.callers.delete(key);
      }, Math.ceil(ms));
      caller.timer.unref?.();
    }
  }
}

/** Whose share a request takes: the signed-in user, else the link or key it came through, else its address. */
export function callerKey(ctx: Pick<ServiceContext, "userId" | "via" | "viaId" | "ip">): string {
  if (ctx.userId) return `user:${ctx.userId}`;
  if (ctx.viaId) return `${ctx.via}:${ctx.viaId}`;
  return `ip:${ctx.ip ?? "unknown"}`;
}

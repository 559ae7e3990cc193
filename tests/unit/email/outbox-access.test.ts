import { describe, expect, it } from "vitest";
import { isLoopback, isOutboxOpenTo } from "@/lib/email/find-outbox-emails";

const production = { NODE_ENV: "production", ENABLE_DEV_OUTBOX: "true" };

describe("who the development outbox answers", () => {
  it("knows loopback addresses", () => {
    for (const address of ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "::ffff:127.0.0.1", "localhost"])
      expect(isLoopback(address), address).toBe(true);
    for (const address of ["0.0.0.0", "::", "10.0.0.1", "192.168.1.20", "128.0.0.1", "127.0.0.1.evil.example", "::ffff:10.0.0.1", ""])
      expect(isLoopback(address), address).toBe(false);
  });

  it("answers anyone on a development server, nobody once SMTP is set", () => {
    expect(isOutboxOpenTo(null, { NODE_ENV: "development" })).toBe(true);
    expect(isOutboxOpenTo("203.0.113.9", { NODE_ENV: "development" })).toBe(true);
    expect(isOutboxOpenTo("127.0.0.1", { NODE_ENV: "development", SMTP_URL: "smtp://mail:25" })).toBe(false);
    expect(isOutboxOpenTo("127.0.0.1", { ...production, SMTP_URL: "smtp://mail:25", COVENANT_LISTEN_HOST: "127.0.0.1" })).toBe(false);
  });

  it("is closed on a production server unless ENABLE_DEV_OUTBOX is true", () => {
    expect(isOutboxOpenTo("127.0.0.1", { NODE_ENV: "production", COVENANT_LISTEN_HOST: "127.0.0.1" })).toBe(false);
    expect(isOutboxOpenTo("127.0.0.1", { NODE_ENV: "production", ENABLE_DEV_OUTBOX: "1", COVENANT_LISTEN_HOST: "127.0.0.1" })).toBe(false);
  });

  it("answers only callers on this machine on a production server", () => {
    // A known caller (TRUST_PROXY): only a loopback one, wherever the server listens.
    expect(isOutboxOpenTo("127.0.0.1", { ...production, COVENANT_LISTEN_HOST: "0.0.0.0" })).toBe(true);
    expect(isOutboxOpenTo("203.0.113.9", { ...production, COVENANT_LISTEN_HOST: "127.0.0.1" })).toBe(false);
    // An unknown caller: only when the server listens on loopback alone.
    expect(isOutboxOpenTo(null, { ...production, COVENANT_LISTEN_HOST: "127.0.0.1" })).toBe(true);
    expect(isOutboxOpenTo(null, { ...production, COVENANT_LISTEN_HOST: "::1" })).toBe(true);
    expect(isOutboxOpenTo(null, { ...production, COVENANT_LISTEN_HOST: "0.0.0.0" })).toBe(false);
    expect(isOutboxOpenTo(null, production)).toBe(false);
  });
});

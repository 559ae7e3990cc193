import { describe, expect, it } from "vitest";
import { safeRedirect } from "@/lib/navigation/safe-redirect";

const BASE = "https://app.example.com";
const check = (value: string | null | undefined, options?: { allowSubdomains?: boolean }) => safeRedirect(value, BASE, options);

describe("safeRedirect", () => {
  it("keeps paths back into the app, with query and hash", () => {
    expect(check("/")).toBe("/");
    expect(check("/docs?view=all#top")).toBe("/docs?view=all#top");
    expect(check("/settings/ws/users?page=2")).toBe("/settings/ws/users?page=2");
    expect(check("/a/../docs")).toBe("/docs");
    // A percent-encoded slash in the query is data, not a path.
    expect(check("/docs?q=%2F%2Fnot-a-host")).toBe("/docs?q=%2F%2Fnot-a-host");
  });

  it("turns a same-origin absolute address into its path", () => {
    expect(check("https://app.example.com/docs?x=1")).toBe("/docs?x=1");
    expect(check("HTTPS://APP.EXAMPLE.COM/docs")).toBe("/docs");
  });

  it("refuses other sites, however they are spelled", () => {
    for (const value of [
      "//evil.example",
      "//evil.example/path",
      "///evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/%5Cevil.example",
      "/%5cevil.example",
      "/%255Cevil.example",
      "/%09/evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/%0A/evil.example",
      "/%00/evil.example",
      "/%2F/evil.example",
      "/%2Fevil.example",
      "https://evil.example",
      "https://evil.example/docs",
      "http://app.example.com/docs",
      "https://app.example.com.evil.example/",
      "https://app.example.com@evil.example/",
      "https://app.example.com//evil.example",
      " //evil.example",
    ]) {
      expect(check(value), JSON.stringify(value)).toBeNull();
    }
  });

  it("refuses other schemes and relative addresses", () => {
    for (const value of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:text/html,hi",
      "mailto:a@b.c",
      "docs",
      "./docs",
      "?x=1",
      "#top",
    ]) {
      expect(check(value), value).toBeNull();
    }
  });

  it("refuses empty, missing and oversized values", () => {
    expect(check("")).toBeNull();
    expect(check(null)).toBeNull();
    expect(check(undefined)).toBeNull();
    expect(check(`/${"a".repeat(2000)}`)).toBeNull();
  });

  it("accepts a workspace sub-domain of the base (same scheme and port), unless told not to", () => {
    expect(check("https://acme.app.example.com/docs")).toBe("https://acme.app.example.com/docs");
    expect(check("https://acme.app.example.com/docs", { allowSubdomains: false })).toBeNull();
    expect(check("http://acme.app.example.com/docs")).toBeNull();
    expect(check("https://acme.app.example.com:8443/docs")).toBeNull();
    expect(check("https://a.b.app.example.com/docs")).toBeNull();
    expect(check("https://user:pw@acme.app.example.com/docs")).toBeNull();
    expect(check("https://acme.app.example.com/\\evil.example")).toBeNull();
  });

  it("resolves against the origin of the base, whatever its path", () => {
    expect(safeRedirect("/docs", "http://localhost:3000/vapp/auth/x")).toBe("/docs");
    expect(safeRedirect("http://localhost:3000/docs", "http://localhost:3000")).toBe("/docs");
    expect(safeRedirect("http://localhost:3001/docs", "http://localhost:3000")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { subdomainRedirect } from "@/lib/navigation/subdomain";

const at = (url: string, keepPath = false) => subdomainRedirect(new URL(url), "https://app.example.com", { keepPath })?.toString() ?? null;

describe("sub-domain guard", () => {
  it("carries on at the base address or without one configured", () => {
    expect(at("https://app.example.com/docs")).toBeNull();
    expect(subdomainRedirect(new URL("https://other.test/"), undefined)).toBeNull();
  });

  it("sends a workspace sub-domain's screens to that workspace's address on the base, keeping the path", () => {
    expect(at("https://acme.app.example.com/docs?view=all")).toBe("https://app.example.com/login/acme?redirect=%2Fdocs%3Fview%3Dall");
    expect(at("https://acme.app.example.com/")).toBe("https://app.example.com/login/acme");
    expect(at("https://ACME.app.example.com/settings")).toBe("https://app.example.com/login/acme?redirect=%2Fsettings");
    expect(at("https://acme.app.example.com/?tab=2")).toBe("https://app.example.com/login/acme?redirect=%2F%3Ftab%3D2");
  });

  it("turns the sub-domain's sign-in into the workspace's, keeping its query", () => {
    expect(at("https://acme.app.example.com/login?redirect=%2Fdocs")).toBe("https://app.example.com/login/acme?redirect=%2Fdocs");
    expect(at("https://acme.app.example.com/login/other")).toBe("https://app.example.com/login/other");
  });

  it("keeps path and query for screens that are not a workspace's, and for other hosts", () => {
    expect(at("https://acme.app.example.com/s/abc?x=1", true)).toBe("https://app.example.com/s/abc?x=1");
    expect(at("https://elsewhere.test/settings")).toBe("https://app.example.com/settings");
    // Two labels are not a workspace sub-domain.
    expect(at("https://a.b.app.example.com/docs")).toBe("https://app.example.com/docs");
  });

  it("takes another name of this machine on the same port as the base itself (the quick start's 127.0.0.1 for localhost)", () => {
    const local = (url: string) => subdomainRedirect(new URL(url), "http://localhost:3000")?.toString() ?? null;
    expect(local("http://127.0.0.1:3000/login")).toBeNull();
    expect(local("http://[::1]:3000/docs")).toBeNull();
    // Another port, another scheme or another host is still elsewhere.
    expect(local("http://127.0.0.1:4000/docs")).toBe("http://localhost:3000/docs");
    expect(local("https://127.0.0.1:3000/docs")).toBe("http://localhost:3000/docs");
    expect(local("http://192.168.1.5:3000/docs")).toBe("http://localhost:3000/docs");
  });
});

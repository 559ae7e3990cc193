import { describe, expect, it } from "vitest";
import { subdomainRedirect } from "@/lib/navigation/subdomain";

const at = (url: string, signedIn = false) => subdomainRedirect(new URL(url), "https://app.example.com", signedIn)?.toString() ?? null;

describe("sub-domain guard", () => {
  it("carries on at the base address or without one configured", () => {
    expect(at("https://app.example.com/docs")).toBeNull();
    expect(subdomainRedirect(new URL("https://other.test/"), undefined, false)).toBeNull();
  });

  it("sends a workspace sub-domain's signed-out visitor to that workspace's sign-in", () => {
    expect(at("https://acme.app.example.com/docs?view=all")).toBe("https://app.example.com/login/acme?redirect=%2Fdocs%3Fview%3Dall");
    expect(at("https://acme.app.example.com/")).toBe("https://app.example.com/login/acme");
  });

  it("keeps path and query for anyone else", () => {
    expect(at("https://acme.app.example.com/docs?view=all", true)).toBe("https://app.example.com/docs?view=all");
    expect(at("https://elsewhere.test/settings")).toBe("https://app.example.com/settings");
  });
});

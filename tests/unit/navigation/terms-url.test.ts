import { afterEach, describe, expect, it } from "vitest";
import { termsUrl } from "@/lib/navigation/terms-url";

const original = process.env.TERMS_URL;
afterEach(() => {
  if (original === undefined) delete process.env.TERMS_URL;
  else process.env.TERMS_URL = original;
});

/** The signing page links the app's terms (TERMS_URL) in a new tab, never a dead or unsafe link. */
describe("termsUrl", () => {
  it("is the operator's http(s) address, and null when unset or not one", () => {
    process.env.TERMS_URL = " https://example.com/terms ";
    expect(termsUrl()).toBe("https://example.com/terms");
    delete process.env.TERMS_URL;
    expect(termsUrl()).toBeNull();
    process.env.TERMS_URL = "javascript:alert(1)";
    expect(termsUrl()).toBeNull();
    process.env.TERMS_URL = "not a url";
    expect(termsUrl()).toBeNull();
  });
});

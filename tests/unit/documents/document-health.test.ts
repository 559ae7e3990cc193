import { describe, expect, it } from "vitest";
import { documentHealth } from "@/lib/documents/status";

/** The health indicator (spec: green "Everything is OK", amber "Needs attention", red "Action required"). */
describe("a document's health", () => {
  const now = new Date("2026-12-08T00:00:00Z");
  const day = 86_400_000;

  it("follows the status and the end date", () => {
    expect(documentHealth({ status: "active", endedAt: null }, now)).toBe("green");
    expect(documentHealth({ status: "toSign", endedAt: null }, now)).toBe("amber");
    expect(documentHealth({ status: "rejected", endedAt: null }, now)).toBe("red");
    expect(documentHealth({ status: "active", endedAt: new Date(now.getTime() + 10 * day) }, now)).toBe("amber");
    expect(documentHealth({ status: "active", endedAt: new Date(now.getTime() - day) }, now)).toBe("red");
    expect(documentHealth({ status: "completed", endedAt: new Date(now.getTime() - day) }, now)).toBe("green");
  });

  it("is never 'Everything is OK' for a signed document whose sealing failed", () => {
    const failed = (final: boolean) => ({ sealing: { state: "failed", final, attempts: 3, error: "no converter" } });
    expect(documentHealth({ status: "signed", endedAt: null, metadata: failed(false) }, now)).toBe("amber");
    expect(documentHealth({ status: "signed", endedAt: null, metadata: failed(true) }, now)).toBe("red");
    expect(documentHealth({ status: "signed", endedAt: null, metadata: { sealing: { state: "sealed", attempts: 1 } } }, now)).toBe("green");
    expect(documentHealth({ status: "signed", endedAt: null, metadata: null }, now)).toBe("green");
  });
});

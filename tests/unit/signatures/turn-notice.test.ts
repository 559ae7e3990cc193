import { describe, expect, it } from "vitest";
import { waitsForTurn } from "@/lib/signatures/turn-notice";

/**
 * "It is not your turn yet … you will get an email when it is" only when it is true (issue 39,
 * item 10): an ordered process whose signer's turn has not come; never in a parallel process,
 * never once it is their turn, never after they signed or declined.
 */
const at = new Date("2026-12-01T10:00:00Z");
const signer = (id: string, order: number, state: "waiting" | "requested" | "signed" | "declined" = "requested") => ({
  id,
  order,
  requestedAt: state === "waiting" ? null : at,
  signedAt: state === "signed" ? at : null,
  declinedAt: state === "declined" ? at : null,
});

describe("waitsForTurn", () => {
  it("is true in an ordered process while a signer of a lower order is still to sign", () => {
    const signers = [signer("ana", 1), signer("joan", 2)];
    expect(waitsForTurn(signers, "joan", "ordered")).toBe(true);
    // Three in a row: the third waits for both.
    expect(waitsForTurn([signer("ana", 1, "signed"), signer("joan", 2), signer("eva", 3)], "eva", "ordered")).toBe(true);
  });

  it("is false for a signer whose turn it is: the first, the same order as the first, or after those before signed or declined", () => {
    expect(waitsForTurn([signer("ana", 1), signer("joan", 2)], "ana", "ordered")).toBe(false);
    expect(waitsForTurn([signer("ana", 1), signer("joan", 1)], "joan", "ordered")).toBe(false);
    expect(waitsForTurn([signer("ana", 1, "signed"), signer("joan", 2)], "joan", "ordered")).toBe(false);
    // A decline skips only the one who declined.
    expect(waitsForTurn([signer("ana", 1, "declined"), signer("joan", 2)], "joan", "ordered")).toBe(false);
  });

  it("is false in a parallel process, whatever the orders", () => {
    expect(waitsForTurn([signer("ana", 1), signer("joan", 2)], "joan", "parallel")).toBe(false);
  });

  it("is false once the signer has signed or declined, and for someone not among the signers", () => {
    expect(waitsForTurn([signer("ana", 1), signer("joan", 2, "signed")], "joan", "ordered")).toBe(false);
    expect(waitsForTurn([signer("ana", 1), signer("joan", 2, "declined")], "joan", "ordered")).toBe(false);
    expect(waitsForTurn([signer("ana", 1)], "nobody", "ordered")).toBe(false);
  });
});

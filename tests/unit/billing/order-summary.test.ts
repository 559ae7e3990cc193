import { describe, expect, it } from "vitest";
import { orderSummaryRows, type SummaryRow } from "@/lib/billing/order-summary";

/**
 * Checkout's order summary (issue 39, item 14): the upcoming invoice's credit and charge lines with
 * their period, the subtotal, discount, tax, the balance applied and the total due now, adding up.
 */
const at = new Date("2026-12-08T00:00:00Z");
const amount = (rows: SummaryRow[], kind: SummaryRow["kind"]) => rows.find((row) => row.kind === kind)?.amount;
const lineSum = (rows: SummaryRow[]) => rows.filter((row) => "quota" in row).reduce((sum, row) => sum + row.amount, 0);
const adds = (rows: SummaryRow[]) =>
  expect(
    rows
      .filter((row) => row.kind !== "subtotal" && row.kind !== "totalDueNow" && !("quota" in row))
      .reduce((sum, row) => sum + row.amount, amount(rows, "subtotal")!),
  ).toBe(amount(rows, "totalDueNow"));

describe("the order summary", () => {
  it("shows a year-to-month switch as its credit, its charge and the credit kept, nothing due now", () => {
    const rows = orderSummaryRows(
      {
        subtotal: -26100,
        discount: 0,
        tax: 0,
        total: 0,
        lines: [
          { type: "unused", quota: "quota_standard_year", amount: -29000, endedAt: "2027-12-01T00:00:00Z" },
          { type: "remaining", quota: "quota_standard_month", amount: 2900, endedAt: "2027-01-08T00:00:00Z" },
        ],
      },
      at,
    );
    expect(rows.map((row) => row.kind)).toEqual(["unused", "remaining", "subtotal", "tax", "creditToBalance", "totalDueNow"]);
    expect(rows[0]).toMatchObject({ quota: "quota_standard_year", from: at, to: new Date("2027-12-01T00:00:00Z") });
    expect(lineSum(rows)).toBe(amount(rows, "subtotal"));
    expect(amount(rows, "creditToBalance")).toBe(26100);
    adds(rows);
  });

  it("shows an upgrade's full price beside the credit, with tax and the balance used", () => {
    const rows = orderSummaryRows(
      {
        subtotal: 50000,
        discount: 0,
        tax: 10500,
        total: 55500,
        lines: [
          { type: "unused", quota: "quota_standard_year", amount: -29000, endedAt: null },
          { type: "remaining", quota: "quota_premium_year", amount: 79000, endedAt: null },
        ],
      },
      at,
    );
    expect(amount(rows, "remaining")).toBe(79000);
    expect(amount(rows, "appliedBalance")).toBe(-5000);
    expect(lineSum(rows)).toBe(amount(rows, "subtotal"));
    adds(rows);
  });

  it("names a new plan's line by its plan, with the discount and no balance line", () => {
    const rows = orderSummaryRows(
      {
        subtotal: 29000,
        discount: 5800,
        tax: 4872,
        total: 28072,
        lines: [{ type: "remaining", quota: "quota_standard_year", amount: 29000, endedAt: "2027-12-08T00:00:00Z" }],
      },
      at,
    );
    expect(rows.map((row) => row.kind)).toEqual(["plan", "subtotal", "discount", "tax", "totalDueNow"]);
    expect(amount(rows, "discount")).toBe(-5800);
    adds(rows);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { updateBillingDetails } from "@/lib/billing/billing-details";
import { billingPortalOperation, invoiceReceiptOperation, invoicesOperation } from "@/lib/billing/billing-operations";
import { localToken } from "@/lib/billing/local-cards";
import { PAST_DUE_DAYS, runLocalRenewals } from "@/lib/billing/local-renewals";
import { createPaymentMethod, setDefaultPaymentMethod } from "@/lib/billing/payment-methods";
import { upsertSubscription } from "@/lib/billing/subscriptions";
import { jobContext } from "@/lib/jobs/job";
import { runOperation } from "@/lib/operations/operation";
import { GET as receiptRoute } from "@/app/vapp/billing/invoices/[id]/receipt/route";
import { createAccount, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest } from "@/tests/factories/http";

/**
 * The offline provider's past invoices and its renewals (docs/billing.md): each checkout charge
 * and each renewal writes a numbered invoice; the renewal job, given its clock, renews a
 * subscription whose period ended, makes it past_due when the default card now declines (and
 * recovers once a good card is the default), ends it after PAST_DUE_DAYS unpaid, and ends a
 * subscription set to cancel at its period end. Two runs at once renew once.
 */
const job = jobContext("test-renewals");
/** The job's run at `now`, for this file's workspaces only (others' subscriptions on a shared database are left alone). */
const renew = (workspace: { accountId: string }, now: Date) => runLocalRenewals(job, { now, accountIds: [workspace.accountId] });
const year = new Date().getUTCFullYear() + 5;
const token = (number: string) => ({ tokenId: localToken(number, 12, year) });
const HOUR = 3_600_000;

type Page = {
  invoices: { id: string; number: string; status: string; total: number; tax: number; url: string }[];
  nextCursor: string | null;
};

async function paidWorkspace(name: string, quota = "quota_standard_month") {
  const { account, owner } = await createAccount(name);
  const session = await signedInAs(owner.id, account.id);
  await updateBillingDetails(session.ctx, {
    legalName: `${name} SL`,
    address: { line1: "Gran Via 1", line2: null, city: "Madrid", state: "Madrid", postalCode: "28013", country: "ES" },
    taxId: null,
  });
  const good = await createPaymentMethod(session.ctx, token("4242424242424242"));
  await upsertSubscription(session.ctx, { items: [{ quota, quantity: 1 }] });
  return { accountId: account.id, ctx: session.ctx, accessToken: session.accessToken, good };
}

const subscriptionOf = (accountId: string) => db.subscription.findUniqueOrThrow({ where: { accountId } });
const periodEnd = async (accountId: string) => (await subscriptionOf(accountId)).currentPeriodEnd!;

let a: Awaited<ReturnType<typeof paidWorkspace>>;

beforeAll(async () => {
  a = await paidWorkspace("Renewals");
});

describe("past invoices offline", () => {
  it("refuses checkout on a card that declines charges, writing nothing", async () => {
    const { account, owner } = await createAccount("Declining");
    const { ctx } = await signedInAs(owner.id, account.id);
    await updateBillingDetails(ctx, {
      legalName: "Declining SL",
      address: { line1: "Rua 1", line2: null, city: "Lisboa", state: "Lisboa", postalCode: "1000", country: "PT" },
      taxId: null,
    });
    await createPaymentMethod(ctx, token("4000000000000341"));
    await expect(upsertSubscription(ctx, { items: [{ quota: "quota_standard_month", quantity: 1 }] })).rejects.toMatchObject({
      code: "CARD_DECLINED",
      details: { declineCode: "generic_decline" },
    });
    expect(await db.subscription.count({ where: { accountId: account.id } })).toBe(0);
    expect(await db.localInvoice.count({ where: { accountId: account.id } })).toBe(0);
  });

  it("lists the checkout's invoice with its number, tax, status and receipt, in REST and GraphQL", async () => {
    const page = await runOperation<never, never, Page>(invoicesOperation as never, a.ctx, {} as never);
    expect(page.invoices).toEqual([
      expect.objectContaining({ number: expect.stringMatching(/^LOC-[0-9A-F]{8}-0001$/), status: "paid", total: 3509, tax: 609 }),
    ]);
    expect(page.invoices[0].url).toBe(`/vapp/billing/invoices/${page.invoices[0].id}/receipt`);
    const result = await graphql<{ invoices: { invoices: { number: string; status: string }[]; hasMore: boolean } }>(
      "{ invoices(limit: 5) { invoices { number status } hasMore } }",
      { headers: { authorization: `Bearer ${a.accessToken}` } },
    );
    expect(result.data?.invoices).toEqual({ invoices: [{ number: page.invoices[0].number, status: "paid" }], hasMore: false });
  });

  it("serves the receipt as a PDF to the workspace's administrator only", async () => {
    const [invoice] = (await runOperation<never, never, Page>(invoicesOperation as never, a.ctx, {} as never)).invoices;
    const response = await receiptRoute(jsonRequest("GET", invoice.url, { headers: { authorization: `Bearer ${a.accessToken}` } }), {
      params: Promise.resolve({ id: invoice.id }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain(`${invoice.number}.pdf`);
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const other = await paidWorkspace("Other receipts");
    await expect(runOperation(invoiceReceiptOperation, other.ctx, { id: invoice.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("opens the workspace's own billing settings as its portal", async () => {
    expect(await runOperation(billingPortalOperation, a.ctx, {})).toEqual({ url: expect.stringMatching(/\/settings\/ws\/billing$/) });
  });
});

describe("renewals offline", () => {
  it("does nothing before the period ends", async () => {
    const end = await periodEnd(a.accountId);
    expect(await renew(a, new Date(end.getTime() - HOUR))).toMatchObject({ renewed: 0, ended: 0, pastDue: 0 });
  });

  it("renews a period that ended: a new period, a paid invoice with tax, and once however often it runs", async () => {
    const end = await periodEnd(a.accountId);
    const now = new Date(end.getTime() + HOUR);
    expect((await renew(a, now)).renewed).toBeGreaterThanOrEqual(1);
    expect(await renew(a, now)).toMatchObject({ renewed: 0, pastDue: 0 });
    const row = await subscriptionOf(a.accountId);
    expect(row).toMatchObject({ status: "active", currentPeriodStart: end, paymentFailedAt: null });
    expect(row.currentPeriodEnd!.getTime()).toBeGreaterThan(end.getTime() + 27 * 24 * HOUR);
    const first = await runOperation<never, never, Page>(invoicesOperation as never, a.ctx, { limit: 1 } as never);
    expect(first.invoices[0]).toMatchObject({ number: expect.stringMatching(/-0002$/), status: "paid", total: 3509 });
    const second = await runOperation<never, never, Page>(invoicesOperation as never, a.ctx, {
      limit: 1,
      startingAfter: first.nextCursor,
    } as never);
    expect(second.invoices[0].number).toMatch(/-0001$/);
    expect(await db.audit.count({ where: { accountId: a.accountId, eventType: "subscription.renewed" } })).toBe(1);
  });

  it("makes the subscription past_due when the default card now declines, keeps the plan, and recovers on a good card", async () => {
    const declining = await createPaymentMethod(a.ctx, token("4000000000000341"));
    await setDefaultPaymentMethod(a.ctx, { id: declining.id });
    const end = await periodEnd(a.accountId);
    const now = new Date(end.getTime() + HOUR);
    expect(await renew(a, now)).toMatchObject({ pastDue: 1 });
    const row = await subscriptionOf(a.accountId);
    expect(row).toMatchObject({ status: "past_due", paymentFailedAt: now, currentPeriodStart: end });
    expect((await db.account.findUniqueOrThrow({ where: { id: a.accountId } })).planSlug).toBe("standard");
    const [open] = (await runOperation<never, never, Page>(invoicesOperation as never, a.ctx, {} as never)).invoices;
    expect(open).toMatchObject({ status: "open", number: expect.stringMatching(/-0003$/) });
    expect(
      await db.audit.findFirst({ where: { accountId: a.accountId, eventType: "subscription.paymentFailed" }, select: { payload: true } }),
    ).toMatchObject({ payload: { code: "card_declined", declineCode: "generic_decline" } });
    // Still declining: the next run tries again and changes nothing.
    expect(await renew(a, new Date(now.getTime() + HOUR))).toMatchObject({ recovered: 0, unpaidEnded: 0 });

    await setDefaultPaymentMethod(a.ctx, { id: a.good.id });
    expect(await renew(a, new Date(now.getTime() + 2 * HOUR))).toMatchObject({ recovered: 1 });
    expect(await subscriptionOf(a.accountId)).toMatchObject({ status: "active", paymentFailedAt: null });
    expect(await db.localInvoice.findFirstOrThrow({ where: { id: open.id } })).toMatchObject({ status: "paid", paidAt: expect.any(Date) });
  });

  it(`ends a subscription still unpaid ${PAST_DUE_DAYS} days after its renewal, back to free`, async () => {
    const b = await paidWorkspace("Unpaid");
    const declining = await createPaymentMethod(b.ctx, token("4000000000000341"));
    await setDefaultPaymentMethod(b.ctx, { id: declining.id });
    const end = await periodEnd(b.accountId);
    await renew(b, new Date(end.getTime() + HOUR));
    expect((await subscriptionOf(b.accountId)).status).toBe("past_due");
    await renew(b, new Date(end.getTime() + (PAST_DUE_DAYS - 1) * 24 * HOUR));
    expect((await subscriptionOf(b.accountId)).status).toBe("past_due");
    await renew(b, new Date(end.getTime() + (PAST_DUE_DAYS + 1) * 24 * HOUR));
    expect(await subscriptionOf(b.accountId)).toMatchObject({ status: "canceled" });
    expect((await db.account.findUniqueOrThrow({ where: { id: b.accountId } })).planSlug).toBe("free");
    expect(await db.localInvoice.count({ where: { accountId: b.accountId, status: "uncollectible" } })).toBe(1);
  });

  it("ends a subscription cancelled at its period end: back to free, its invoices kept", async () => {
    const c = await paidWorkspace("Cancelled");
    await upsertSubscription(c.ctx, { items: [{ quota: "quota_free_year", quantity: 1 }] });
    const end = await periodEnd(c.accountId);
    expect((await db.account.findUniqueOrThrow({ where: { id: c.accountId } })).planSlug).toBe("standard");
    expect(await renew(c, new Date(end.getTime() + HOUR))).toMatchObject({ ended: 1 });
    expect(await subscriptionOf(c.accountId)).toMatchObject({ status: "canceled", cancelledAt: end });
    const account = await db.account.findUniqueOrThrow({ where: { id: c.accountId } });
    expect(account.planSlug).toBe("free");
    expect(account.capabilities).not.toContain("analytics");
    expect(await db.localInvoice.count({ where: { accountId: c.accountId } })).toBe(1);
    expect(await db.audit.count({ where: { accountId: c.accountId, eventType: "subscription.ended" } })).toBe(1);
  });

  it("renews once when two processes run at the same moment", async () => {
    const d = await paidWorkspace("Two processes", "quota_standard_year");
    const end = await periodEnd(d.accountId);
    const now = new Date(end.getTime() + HOUR);
    const results = await Promise.all([renew(d, now), renew(d, now)]);
    expect(await db.localInvoice.count({ where: { accountId: d.accountId } })).toBe(2);
    expect((await subscriptionOf(d.accountId)).currentPeriodStart).toEqual(end);
    expect(await db.audit.count({ where: { accountId: d.accountId, eventType: "subscription.renewed" } })).toBe(1);
    expect(results.every((r) => r.pastDue === 0)).toBe(true);
  });
});

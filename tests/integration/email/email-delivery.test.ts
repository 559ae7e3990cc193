import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as opened } from "@/app/vapp/emails/[id]/open/route";
import { db } from "@/lib/db";
import { emailDeliveryJob } from "@/lib/email/email-delivery-job";
import { sendEmail } from "@/lib/email/send-email";
import { jobContext } from "@/lib/jobs/job";
import { openQueue, prepareJobs, stopJobs, type JobQueue } from "@/lib/jobs/queue";
import { uniqueEmail } from "@/tests/factories";
import { jsonRequest, params } from "@/tests/factories/http";
import { startFakeSmtp, type FakeSmtp } from "@/tests/factories/smtp";

/**
 * Email through SMTP (issue 16): stored as a tracked notification, sent by a durable job that
 * retries and records the outcome, its open recorded by the tracking image.
 */
let smtp: FakeSmtp;
let worker: JobQueue;
const previousUrl = process.env.SMTP_URL;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  process.env.SMTP_URL = smtp.url;
  worker = await openQueue({ work: true, jobs: [emailDeliveryJob], pollingIntervalSeconds: 2 });
}, 30_000);

afterAll(async () => {
  await worker.stop();
  await stopJobs();
  await smtp.close();
  if (previousUrl === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = previousUrl;
});

afterEach(() => {
  process.env.SMTP_URL = smtp.url;
});

const stored = (id: string) => db.outboxEmail.findUniqueOrThrow({ where: { id } });
const send = (to: string) => sendEmail({ to, template: "magicLink", locale: "en", url: "http://localhost:3000/magic?token=t" });

describe("email delivery", () => {
  it("stores the email as queued, and a job sends it and records it as sent", { timeout: 60_000 }, async () => {
    const to = uniqueEmail("smtp");
    const { id } = await send(to);
    const queued = await stored(id);
    expect(queued).toMatchObject({ to, transport: "smtp", status: "queued", sentAt: null, attempts: 0 });
    expect(queued.history).toMatchObject([{ status: "queued" }]);
    expect(queued.html).toContain(`/vapp/emails/${id}/open?sig=`);

    await vi.waitFor(async () => expect((await stored(id)).status).toBe("sent"), { timeout: 30_000, interval: 250 });
    const sent = await stored(id);
    expect(sent.sentAt).not.toBeNull();
    expect(sent.deliveredAt).not.toBeNull();
    expect(sent.attempts).toBe(1);
    expect(sent.history).toMatchObject([{ status: "queued" }, { status: "sent" }]);
    const message = smtp.messages.find((m) => m.includes(`To: ${to}`));
    expect(message).toBeDefined();
    expect(message).toContain(`Subject: ${sent.subject}`);
  });

  it("records a refused attempt, is retried, and fails for good after the last attempt", async () => {
    const busy = await startFakeSmtp({ refuse: true });
    try {
      const to = uniqueEmail("busy");
      // Stored while the worker's server is up; the attempts below go to the busy one.
      const email = await db.outboxEmail.create({
        data: {
          to,
          subject: "Busy",
          text: "t",
          html: "<p>t</p>",
          template: "magicLink",
          locale: "en",
          transport: "smtp",
          status: "queued",
        },
      });
      process.env.SMTP_URL = busy.url;
      await expect(emailDeliveryJob.run(jobContext("job-1"), { emailId: email.id }, { number: 1, last: false })).rejects.toThrow(/451/);
      expect(await stored(email.id)).toMatchObject({ status: "queued", attempts: 1, failedAt: null, sentAt: null });
      await expect(emailDeliveryJob.run(jobContext("job-1"), { emailId: email.id }, { number: 2, last: true })).resolves.toEqual({
        failed: true,
      });
      const failed = await stored(email.id);
      expect(failed).toMatchObject({ status: "failed", attempts: 2, sentAt: null });
      expect(failed.failedAt).not.toBeNull();
      expect(failed.error).toMatch(/451/);
      expect(failed.history).toMatchObject([
        { status: "retrying", detail: expect.stringMatching(/^attempt 1: .*451/) },
        { status: "failed", detail: expect.stringMatching(/^attempt 2: /) },
      ]);
      // A failed email is not tried again.
      await expect(emailDeliveryJob.run(jobContext("job-2"), { emailId: email.id }, { number: 1, last: false })).resolves.toEqual({
        skipped: true,
      });
      expect(busy.messages).toEqual([]);
    } finally {
      await busy.close();
    }
  });

  it(
    "delivers a burst of 100 emails at 20 or more a second from one worker (batches of 10 side by side)",
    { timeout: 120_000 },
    async () => {
      const burst = Array.from({ length: 100 }, () => uniqueEmail("burst"));
      await prepareJobs();
      // Stored at once, with their jobs, in one transaction: the worker finds them all together.
      const ids = await db.$transaction(
        async (tx) => {
          const out: string[] = [];
          for (const to of burst)
            out.push((await sendEmail({ to, template: "magicLink", locale: "en", url: "http://localhost:3000/magic?token=t" }, { tx })).id);
          return out;
        },
        { timeout: 60_000 },
      );
      const committed = Date.now();
      await vi.waitFor(async () => expect(await db.outboxEmail.count({ where: { id: { in: ids }, status: "sent" } })).toBe(100), {
        timeout: 60_000,
        interval: 100,
      });
      const sent = await db.outboxEmail.findMany({ where: { id: { in: ids } }, select: { sentAt: true } });
      const times = sent.map((e) => e.sentAt!.getTime());
      const first = Math.min(...times);
      const last = Math.max(...times);
      const rate = 99 / Math.max((last - first) / 1000, 0.001);
      console.info(
        `[email] 100 emails sent in ${((last - committed) / 1000).toFixed(1)} s after the commit; ${rate.toFixed(0)} a second from the first to the last`,
      );
      expect(rate).toBeGreaterThanOrEqual(20);
      for (const to of burst) expect(smtp.messages.some((m) => m.includes(`To: ${to}`))).toBe(true);
    },
  );

  it("records the first open of an email through its signed tracking image, and only that", { timeout: 60_000 }, async () => {
    const { id } = await send(uniqueEmail("open"));
    const src = /src="([^"]*\/open\?sig=[^"]+)"/.exec((await stored(id)).html)![1]!;
    const open = (url: string) => opened(jsonRequest("GET", new URL(url).pathname + new URL(url).search), params({ id }));

    const forged = await open(src.replace(/sig=[^&]+/, "sig=forged"));
    expect(forged.status).toBe(200);
    expect(forged.headers.get("content-type")).toBe("image/gif");
    expect((await stored(id)).openedAt).toBeNull();

    expect((await open(src)).status).toBe(200);
    const first = (await stored(id)).openedAt;
    expect(first).not.toBeNull();
    await open(src);
    const again = await stored(id);
    expect(again.openedAt).toEqual(first);
    expect((again.history as { status: string }[]).filter((h) => h.status === "opened")).toHaveLength(1);
  });
});

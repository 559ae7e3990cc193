/**
 * Benchmark of the email backlog (issue 37; `npm run bench:email-drain`, also part of
 * `npm run bench`): how fast one app process sends a backlog of emails to a local SMTP server.
 *
 * Against a throw-away database `covenant_bench_mail_<timestamp>` on the PostgreSQL server named
 * by BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres), migrated; the SMTP
 * server is the tests' own (tests/factories/smtp.ts), on a local port, keeping what it receives.
 *
 * 1. Stores BENCH_EMAILS (default 200) emails with their delivery jobs, as the app does (one
 *    transaction each, `sendEmail(…, { tx })`), while no worker runs: the backlog a process finds
 *    after a restart or an outage of the SMTP server.
 * 2. Starts one worker (the app's job queue, its email job only: batches of 10 side by side) and
 *    times it until every email is recorded as sent, and checks the SMTP server got each one once.
 * 3. Prints the rate (target: 20 a second or more), and writes it into docs/benchmarks.md between
 *    the email-drain markers (BENCH_WRITE=false: print only); drops the database, also on failure.
 *    BENCH_RUNS (default 3) runs, each on a new backlog; the median decides.
 */
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { machineLines, writeBenchResults } from "./common";
import { databaseUrl, dropBenchDatabase } from "./seed-documents";
import postgres from "postgres";

const TARGET_PER_SECOND = 20;

const config = {
  baseDatabaseUrl: process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres",
  emails: Number(process.env.BENCH_EMAILS ?? 200),
  runs: Number(process.env.BENCH_RUNS ?? 3),
  write: process.env.BENCH_WRITE !== "false",
};

const log = (message: string) => console.log(`[bench:email-drain] ${message}`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const dbName = `covenant_bench_mail_${Date.now()}`;
  const admin = postgres(config.baseDatabaseUrl, { max: 1, onnotice: () => {} });
  let pgVersion: string;
  try {
    pgVersion = (await admin<{ server_version: string }[]>`show server_version`)[0]!.server_version;
    await admin.unsafe(`create database "${dbName}"`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(config.baseDatabaseUrl, dbName);
  const { startFakeSmtp } = await import("../tests/factories/smtp");
  const smtp = await startFakeSmtp();
  // Before the app's modules load: they read these once.
  Object.assign(process.env, {
    NODE_ENV: "production",
    DATABASE_URL: url,
    NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
    APP_URL: "http://localhost:3000",
    SMTP_URL: smtp.url,
    DISABLE_JOBS: "1",
  });
  const { disconnectDb } = await import("../lib/db");
  try {
    const { applyMigrations } = await import("../lib/database/schema-engine");
    const { PrismaPg } = await import("@prisma/adapter-pg");
    await applyMigrations(new PrismaPg({ connectionString: url, max: 2 }));
    const { db } = await import("../lib/db");
    const { sendEmail, prepareEmailDelivery } = await import("../lib/email/send-email");
    const { emailDeliveryJob } = await import("../lib/email/email-delivery-job");
    const { openQueue, stopJobs } = await import("../lib/jobs/queue");
    await prepareEmailDelivery();
    log(`migrated; SMTP server at ${smtp.url}`);

    const runs: { stored: number; seconds: number; perSecond: number; firstMs: number }[] = [];
    for (let run = 1; run <= config.runs; run++) {
      const before = smtp.messages.length;
      const started = performance.now();
      const ids: string[] = [];
      for (let i = 0; i < config.emails; i++) {
        const to = `drain-${run}-${i}@example.test`;
        ids.push(
          await db.$transaction(
            async (tx) => (await sendEmail({ to, template: "magicLink", locale: "en", url: "http://localhost:3000/m?token=t" }, { tx })).id,
          ),
        );
      }
      const stored = (performance.now() - started) / 1000;
      log(`run ${run}: ${config.emails} emails stored with their jobs in ${stored.toFixed(1)} s; starting a worker`);

      const begun = performance.now();
      const worker = await openQueue({ work: true, jobs: [emailDeliveryJob] });
      let firstMs = Number.NaN;
      for (;;) {
        const sent = await db.outboxEmail.count({ where: { id: { in: ids }, status: "sent" } });
        if (sent && Number.isNaN(firstMs)) firstMs = performance.now() - begun;
        if (sent === ids.length) break;
        if (performance.now() - begun > 120_000) throw new Error(`only ${sent} of ${ids.length} emails sent in 2 minutes`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const seconds = (performance.now() - begun) / 1000;
      await worker.stop();
      const received = smtp.messages.length - before;
      if (received !== ids.length) throw new Error(`the SMTP server received ${received} messages for ${ids.length} emails`);
      runs.push({ stored, seconds, perSecond: ids.length / seconds, firstMs });
      log(`run ${run}: sent in ${seconds.toFixed(2)} s from the worker's start: ${(ids.length / seconds).toFixed(1)} a second`);
    }
    await stopJobs();

    const rate = median(runs.map((r) => r.perSecond));
    const lines = [
      `Run of ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}.`,
      "",
      "| Run | Emails | Stored with their jobs (s) | First sent after (ms) | All sent after (s) | Emails a second |",
      "| --- | ---: | ---: | ---: | ---: | ---: |",
      ...runs.map(
        (r, i) =>
          `| ${i + 1} | ${config.emails} | ${r.stored.toFixed(1)} | ${r.firstMs.toFixed(0)} | ${r.seconds.toFixed(2)} | ${r.perSecond.toFixed(1)} |`,
      ),
      "",
      `**Median: ${rate.toFixed(1)} emails a second from one process — target ${TARGET_PER_SECOND} or more ${rate >= TARGET_PER_SECOND ? "met" : "not met"}.**`,
      "",
      "- Timed from the start of the worker (the queue opened, its email job only) to the last email recorded as sent; each email's job was written in the transaction that stored it",
      "- The SMTP server: the tests' own (tests/factories/smtp.ts) on a local port, without TLS; each message received once",
      ...machineLines(pgVersion, "at the end"),
    ];
    const results = lines.join("\n");
    console.log(`\n${results}\n`);
    if (config.write) {
      writeBenchResults("email-drain", "Email backlog: results", results);
      log("written to docs/benchmarks.md");
    }
  } finally {
    await disconnectDb();
    await smtp.close();
    await dropBenchDatabase(config.baseDatabaseUrl, dbName);
    log(`dropped database ${dbName}`);
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as healthRoute } from "@/app/vapp/sealing/health/route";
import type { ServiceContext } from "@/lib/auth/context";
import { forgetSealingCertificate, generateSealingP12 } from "@/lib/sealing/sealing-certificate";
import { forgetSealingHealth, getSealingHealth } from "@/lib/sealing/sealing-health";
import { addMember, createAccount, createUser, signedInAs } from "@/tests/factories";
import { params } from "@/tests/factories/http";
import { startFakeTsa, type FakeTsa } from "@/tests/factories/tsa";

/** Whether sealing can work: the certificate opens and is valid now; the authority, when configured, answers. */
const DAY = 86_400_000;
const dir = mkdtempSync(path.join(tmpdir(), "seal-health-"));
let tsa: FakeTsa;
let admin: { ctx: ServiceContext; accessToken: string };
let member: { ctx: ServiceContext; accessToken: string };

function useCertificate(p12: Buffer | string, password = "pw") {
  const file = path.join(dir, `cert-${Math.random().toString(36).slice(2)}.p12`);
  writeFileSync(file, p12);
  process.env.SEALING_P12_PATH = file;
  process.env.SEALING_P12_PASSWORD = password;
}

beforeAll(async () => {
  tsa = await startFakeTsa();
  const { account, owner } = await createAccount("Sealing health");
  admin = await signedInAs(owner.id, account.id);
  const colleague = await createUser({ firstName: "Mia" });
  await addMember(account.id, "Member", colleague);
  member = await signedInAs(colleague.id, account.id);
}, 60_000);
afterEach(() => {
  delete process.env.SEALING_P12_PATH;
  delete process.env.SEALING_P12_PASSWORD;
  delete process.env.TSA_URL;
  tsa.mode = "ok";
  forgetSealingCertificate();
  forgetSealingHealth();
});
afterAll(() => tsa.close());

describe("sealing health", () => {
  it("works with the certificate the app made, and says so without a time-stamping authority", async () => {
    const health = await getSealingHealth(admin.ctx);
    expect(health).toMatchObject({ ok: true, problems: [], expiresSoon: false, tsa: null, detail: null });
    expect(health.certificate).toMatchObject({ source: "generated" });
    expect(health.certificate!.subject).toContain("Covenant document sealing");
  });

  it("names an unreadable, an expired and a not-yet-valid certificate; the reason only for those who manage the workspace", async () => {
    useCertificate("not a PKCS#12 file");
    const unreadable = await getSealingHealth(admin.ctx, { refresh: true });
    expect(unreadable).toMatchObject({ ok: false, problems: ["certificateUnreadable"], certificate: null });
    expect(unreadable.detail).toBeTruthy();
    expect((await getSealingHealth(member.ctx)).detail).toBeNull();

    forgetSealingCertificate();
    useCertificate(generateSealingP12("pw", "Old seal", new Date(Date.now() - 11 * 365 * DAY)));
    expect(await getSealingHealth(admin.ctx, { refresh: true })).toMatchObject({ ok: false, problems: ["certificateExpired"] });

    forgetSealingCertificate();
    useCertificate(generateSealingP12("pw", "Future seal", new Date(Date.now() + 2 * DAY)));
    expect(await getSealingHealth(admin.ctx, { refresh: true })).toMatchObject({ ok: false, problems: ["certificateNotYetValid"] });

    forgetSealingCertificate();
    useCertificate(generateSealingP12("pw", "Ending seal", new Date(Date.now() - (10 * 365 - 10) * DAY)));
    expect(await getSealingHealth(admin.ctx, { refresh: true })).toMatchObject({ ok: true, expiresSoon: true });
  }, 60_000);

  it("asks the time-stamping authority for a real timestamp, and reports it down", async () => {
    process.env.TSA_URL = tsa.url;
    const before = tsa.requests;
    expect(await getSealingHealth(admin.ctx, { refresh: true })).toMatchObject({
      ok: true,
      tsa: { host: new URL(tsa.url).host, ok: true },
    });
    expect(tsa.requests).toBe(before + 1);

    tsa.mode = "down";
    // A member reads the last check (no new request); the administrator checks again.
    expect(await getSealingHealth(member.ctx, { refresh: true })).toMatchObject({ ok: true });
    expect(tsa.requests).toBe(before + 1);
    const down = await getSealingHealth(admin.ctx, { refresh: true });
    expect(down).toMatchObject({ ok: false, problems: ["tsaUnreachable"], tsa: { ok: false } });
    expect(down.detail).toContain("HTTP 503");
  }, 60_000);

  it("answers over REST with the bearer token, never a key", async () => {
    const response = await healthRoute(
      new Request("http://localhost:3000/vapp/sealing/health?refresh=1", { headers: { authorization: `Bearer ${admin.accessToken}` } }),
      params({}),
    );
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ ok: true, problems: [] });
    expect(text).not.toMatch(/PRIVATE KEY|password/i);
  }, 60_000);
});

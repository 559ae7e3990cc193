/**
 * Whether sealing can work on this installation (issue 16): the sealing certificate opens and is
 * valid now, and the time-stamping authority (TSA_URL), when one is configured, grants a
 * timestamp. Checked at startup (instrumentation.ts logs it) and shown in the workspace settings
 * and on a document's Signatures tab, red when sealing would fail, so that no signed document is
 * left silently pending. One check per process at most every HEALTH_TTL_MS unless asked again.
 * A workspace that holds Word documents or templates is also told when LibreOffice is missing
 * (`converterMissing`, issue 39): those cannot be sent for signature nor sealed here, while PDFs
 * can, so the screens show it amber rather than red. A workspace of PDFs only is not told.
 */
import { createHash } from "node:crypto";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { can } from "@/lib/auth/permissions";
import { db } from "@/lib/db";
import { sofficePath } from "@/lib/files/libreoffice";
import { sealingCertificate } from "./sealing-certificate";
import { requestTimestamp, tsaUrl } from "./timestamp";

/** A certificate that ends within this many days is reported, while sealing still works. */
export const EXPIRY_WARNING_DAYS = 30;
const HEALTH_TTL_MS = 5 * 60_000;

export type SealingProblem =
  "certificateUnreadable" | "certificateExpired" | "certificateNotYetValid" | "tsaUnreachable" | "converterMissing";

/** Problems that stop the sealing of some documents only (Word ones), not of every document: amber, not red. */
export const PARTIAL_SEALING_PROBLEMS: readonly SealingProblem[] = ["converterMissing"];

export type SealingHealth = {
  ok: boolean;
  checkedAt: string;
  /**
   * Problems that stop sealing, in the order they were found: all of it, or (converterMissing,
   * PARTIAL_SEALING_PROBLEMS) that of Word documents. `ok` is true only without any.
   */
  problems: SealingProblem[];
  /** The certificate ends within EXPIRY_WARNING_DAYS (sealing still works). */
  expiresSoon: boolean;
  certificate: { source: "configured" | "generated"; subject: string; notAfter: string; fingerprint: string } | null;
  /** The authority's host (never its full address, which may carry credentials); null when none is configured. */
  tsa: { host: string; ok: boolean } | null;
  /** What went wrong, in the server's words (for administrators and the logs). */
  detail: string | null;
};

const state = globalThis as unknown as { __covenantSealingHealth?: { at: number; health: Promise<SealingHealth> } };

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url.slice(0, 80);
  }
};

/** Runs the checks now. */
export async function checkSealingHealth(now = new Date()): Promise<SealingHealth> {
  const problems: SealingProblem[] = [];
  const details: string[] = [];
  let certificate: SealingHealth["certificate"] = null;
  let expiresSoon = false;
  try {
    const cert = await sealingCertificate();
    certificate = { source: cert.source, subject: cert.subject, notAfter: cert.notAfter.toISOString(), fingerprint: cert.fingerprint };
    if (cert.notAfter.getTime() <= now.getTime()) problems.push("certificateExpired");
    else if (cert.notBefore.getTime() > now.getTime()) problems.push("certificateNotYetValid");
    else expiresSoon = cert.notAfter.getTime() - now.getTime() < EXPIRY_WARNING_DAYS * 86_400_000;
  } catch (error) {
    problems.push("certificateUnreadable");
    details.push(error instanceof Error ? error.message : String(error));
  }
  const url = tsaUrl();
  let tsa: SealingHealth["tsa"] = null;
  if (url) {
    try {
      await requestTimestamp(url, createHash("sha256").update(`covenant sealing health ${now.toISOString()}`).digest());
      tsa = { host: hostOf(url), ok: true };
    } catch (error) {
      tsa = { host: hostOf(url), ok: false };
      problems.push("tsaUnreachable");
      details.push(error instanceof Error ? error.message : String(error));
    }
  }
  return {
    ok: problems.length === 0,
    checkedAt: now.toISOString(),
    problems,
    expiresSoon,
    certificate,
    tsa,
    detail: details.length ? details.join(" ").slice(0, 500) : null,
  };
}

/** The last check of this process, or a new one when it is older than HEALTH_TTL_MS or `refresh`. */
export function sealingHealth(options: { refresh?: boolean } = {}): Promise<SealingHealth> {
  const cached = state.__covenantSealingHealth;
  if (cached && !options.refresh && Date.now() - cached.at < HEALTH_TTL_MS) return cached.health;
  const health = checkSealingHealth();
  state.__covenantSealingHealth = { at: Date.now(), health };
  return health;
}

/** Forgets the last check (tests; a changed configuration). */
export function forgetSealingHealth(): void {
  state.__covenantSealingHealth = undefined;
}

/** Whether the workspace has a Word document (a version that is not a PDF) or a Word template. */
async function hasWordFiles(accountId: string): Promise<boolean> {
  const notPdf = { not: "application/pdf" };
  const [template, document] = await Promise.all([
    db.template.findFirst({ where: { accountId, mimetype: notPdf }, select: { id: true } }),
    db.document.findFirst({ where: { accountId, contents: { some: { accountId, mimetype: notPdf } } }, select: { id: true } }),
  ]);
  return !!(template || document);
}

/**
 * The health as a member of a workspace reads it: any member may know whether their documents can
 * be sealed; the server's own words (`detail`) and a fresh check are for those who manage the workspace.
 * Without LibreOffice, a workspace with Word documents or templates reads `converterMissing` too
 * (looked at on each call: installing LibreOffice shows at once).
 */
export async function getSealingHealth(ctx: ServiceContext, options: { refresh?: boolean } = {}): Promise<SealingHealth> {
  const { accountId } = accountScope(ctx);
  const manager = can(ctx, "ManageAccount");
  let health = await sealingHealth({ refresh: manager && options.refresh });
  if (!sofficePath() && (await hasWordFiles(accountId))) {
    const detail = "LibreOffice is not installed: Word documents cannot be turned into the PDF that is signed and sealed.";
    health = {
      ...health,
      ok: false,
      problems: [...health.problems, "converterMissing"],
      detail: health.detail ? `${health.detail} ${detail}` : detail,
    };
  }
  return manager ? health : { ...health, detail: null };
}

/** Logs the startup check: one line, a warning when sealing cannot work. */
export async function logSealingHealth(): Promise<void> {
  const health = await sealingHealth({ refresh: true });
  if (health.ok) console.log(`[sealing] ready: ${health.certificate?.subject}${health.tsa ? `, timestamps by ${health.tsa.host}` : ""}`);
  else console.warn(`[sealing] sealing cannot work: ${health.problems.join(", ")}${health.detail ? ` (${health.detail})` : ""}`);
  if (!sofficePath())
    console.warn("[sealing] LibreOffice is not installed: Word documents cannot be sent for signature nor sealed (PDFs can).");
}

import { db } from "@/lib/db";

/** 127.0.0.0/8 and ::1, also written as an IPv4-mapped IPv6 address or in brackets. */
const LOOPBACK = /^(?:(?:::ffff:)?127(?:\.\d{1,3}){3}|::1|localhost)$/i;

export const isLoopback = (address: string) => LOOPBACK.test(address.trim().replace(/^\[(.*)\]$/, "$1"));

type OutboxEnvironment = Partial<Record<"NODE_ENV" | "SMTP_URL" | "ENABLE_DEV_OUTBOX" | "COVENANT_LISTEN_HOST", string>>;

/**
 * The outbox is a developer tool that shows everyone's sign-in, reset, invitation, signing and
 * review links, so it exists only while no SMTP server is set, and answers:
 * - on a development server, anyone who reaches it;
 * - on a production server only with ENABLE_DEV_OUTBOX=true, and then only callers on this machine:
 *   a caller's known address (TRUST_PROXY, lib/auth/get-request-context.ts) must be a loopback one;
 *   when the address is unknown, the server must listen on a loopback address only
 *   (COVENANT_LISTEN_HOST, set by `npm run start:demo` and the test server to what they bind).
 */
export function isOutboxOpenTo(callerIp: string | null, env: OutboxEnvironment = process.env): boolean {
  if (env.SMTP_URL) return false;
  if (env.NODE_ENV !== "production") return true;
  if (env.ENABLE_DEV_OUTBOX !== "true") return false;
  return callerIp ? isLoopback(callerIp) : isLoopback(env.COVENANT_LISTEN_HOST ?? "");
}

/** The newest emails, optionally for one address. */
export async function findOutboxEmails(input: { to?: string; page?: number; size?: number } = {}) {
  const size = Math.min(input.size ?? 25, 100);
  const page = Math.max(input.page ?? 1, 1);
  const where = input.to ? { to: input.to.toLowerCase() } : {};
  const [items, total] = await Promise.all([
    db.outboxEmail.findMany({ where, orderBy: { createdAt: "desc" }, skip: (page - 1) * size, take: size }),
    db.outboxEmail.count({ where }),
  ]);
  return { items, total, page, perPage: size, pages: Math.max(1, Math.ceil(total / size)) };
}

import { db } from "@/lib/db";

/** Outbox is a developer tool: it exists only while no SMTP server is configured. */
export const isOutboxEnabled = () =>
  !process.env.SMTP_URL && (process.env.NODE_ENV !== "production" || process.env.ENABLE_DEV_OUTBOX === "true");

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

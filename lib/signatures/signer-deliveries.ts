import { db } from "@/lib/db";
import type { Signature } from "@/lib/generated/prisma/client";
import type { SignerNotification } from "@/lib/reminders/signer-reminder";
import type { SignatureOutput, SignerEmail } from "./schemas";
import { presentSignature } from "./signature-view";

type Outbox = { id: string; status: string; createdAt: Date; deliveredAt: Date | null; failedAt: Date | null; openedAt: Date | null };

/** What the owner reads of an email: opened beats everything, then failed, delivered (SMTP accepted), else sent. */
export function emailDeliveryStatus(email: Pick<Outbox, "status" | "deliveredAt" | "failedAt" | "openedAt">): SignerEmail["status"] {
  if (email.openedAt) return "opened";
  if (email.failedAt || email.status === "failed") return "failed";
  if (email.deliveredAt) return "delivered";
  return "sent";
}

export const presentEmail = (kind: SignerEmail["kind"], email: Outbox): SignerEmail => ({
  kind,
  status: emailDeliveryStatus(email),
  sentAt: email.createdAt,
  deliveredAt: email.deliveredAt,
  failedAt: email.failedAt,
  openedAt: email.openedAt,
});

/** The emails of these ids about one document of one workspace, by id (the outbox's delivery fields). */
export async function documentEmails(accountId: string, documentId: string, ids: string[]): Promise<Map<string, Outbox>> {
  if (!ids.length) return new Map();
  const emails = await db.outboxEmail.findMany({
    where: { id: { in: ids }, accountId, documentId },
    select: { id: true, status: true, createdAt: true, deliveredAt: true, failedAt: true, openedAt: true },
  });
  return new Map(emails.map((e) => [e.id, e]));
}

/**
 * The signers as the signers list shows them to the document's members: each one's request email
 * and last reminder (the ids kept in `notification`, read from the outbox of the same workspace
 * and document) with their delivery and open status, the count of reminders, and when the signer
 * first opened the document from their link (metadata.viewedAt, audited `signature.viewed`). A
 * reminder older than the current request (a "Send again" since) is not shown: it held a link
 * that has ended.
 */
export async function presentSignersWithDeliveries(rows: Signature[]): Promise<SignatureOutput[]> {
  const notes = rows.map((row) => (row.notification ?? {}) as SignerNotification);
  const ids = notes.flatMap((n) => [n.emailId, n.reminderEmailId].filter((id): id is string => typeof id === "string"));
  const byId = rows.length ? await documentEmails(rows[0]!.accountId, rows[0]!.documentId, ids) : new Map<string, Outbox>();
  return rows.map((row, i) => {
    const note = notes[i]!;
    const request = note.emailId ? byId.get(note.emailId) : undefined;
    const reminder = note.reminderEmailId ? byId.get(note.reminderEmailId) : undefined;
    const list: SignerEmail[] = [];
    if (request) list.push(presentEmail("request", request));
    if (reminder && (!request || reminder.createdAt >= request.createdAt)) list.push(presentEmail("reminder", reminder));
    const viewedAt = ((row.metadata ?? {}) as { viewedAt?: string }).viewedAt;
    return {
      ...presentSignature(row),
      viewedAt: viewedAt ? new Date(viewedAt) : null,
      reminders: typeof note.reminders === "number" ? note.reminders : 0,
      emails: list,
    };
  });
}

import { db } from "@/lib/db";
import type { Prisma, Reminder } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { requireDocumentRole } from "@/lib/documents/access";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import type { CreateReminderInput, PresentedReminder, StoredContact, UpdateReminderInput } from "./reminder-schemas";

/**
 * A document's reminders (spec Reminder): at `notifyAt` the reminders job emails each contact
 * once and sets `notifiedAt` (lib/reminders/reminders-job.ts). Readers of the document see them;
 * editors create, change and remove them. Moving `notifyAt` of a sent reminder sends it again at
 * the new time (its contacts start over as pending).
 */
export const REMINDERS_PER_DOCUMENT_MAX = 100;

const reminderNotFound = () => new AppError(AppErrorCode.NOT_FOUND, { message: "Reminder not found." });

const toStored = (contacts: CreateReminderInput["contacts"]): StoredContact[] =>
  contacts.map((c) => ({ name: c.name, email: c.email, phone: c.phone ?? null, notification: { status: "pending" } }));

/** A reminder as screens and APIs show it: contacts without their email ids. */
export function presentReminder(row: Reminder): PresentedReminder {
  const contacts = (Array.isArray(row.contacts) ? row.contacts : []) as StoredContact[];
  return {
    id: row.id,
    documentId: row.documentId,
    name: row.name,
    description: row.description,
    notifyAt: row.notifyAt,
    notifiedAt: row.notifiedAt,
    contacts: contacts.map((c) => ({
      name: c.name,
      email: c.email,
      phone: c.phone ?? null,
      notification: { status: c.notification?.status ?? "pending", ...(c.notification?.sentAt ? { sentAt: c.notification.sentAt } : {}) },
    })),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const audit = (tx: Prisma.TransactionClient, ctx: ServiceContext, eventType: string, row: Reminder) =>
  recordAudit(tx, ctx, {
    eventType,
    targetType: "reminder",
    targetId: row.id,
    targetContext: row.documentId,
    payload: {
      documentId: row.documentId,
      name: row.name,
      notifyAt: row.notifyAt.toISOString(),
      contacts: (row.contacts as unknown[]).length,
    },
  });

/** The reminders of a document, soonest first (reader). */
export async function findReminders(ctx: ServiceContext, documentId: string): Promise<PresentedReminder[]> {
  const { document } = await requireDocumentRole(ctx, documentId, "reader");
  const rows = await db.reminder.findMany({
    where: { accountId: document.accountId, documentId: document.id },
    orderBy: [{ notifyAt: "asc" }, { id: "asc" }],
    take: REMINDERS_PER_DOCUMENT_MAX,
  });
  return rows.map(presentReminder);
}

export async function createReminder(ctx: ServiceContext, documentId: string, input: CreateReminderInput): Promise<PresentedReminder> {
  const { document } = await requireDocumentRole(ctx, documentId, "editor");
  const row = await db.$transaction(async (tx) => {
    const count = await tx.reminder.count({ where: { accountId: document.accountId, documentId: document.id } });
    if (count >= REMINDERS_PER_DOCUMENT_MAX)
      throw new AppError(AppErrorCode.LIMIT_EXCEEDED, {
        message: `A document holds at most ${REMINDERS_PER_DOCUMENT_MAX} reminders.`,
        details: { max: REMINDERS_PER_DOCUMENT_MAX },
      });
    const created = await tx.reminder.create({
      data: {
        accountId: document.accountId,
        documentId: document.id,
        name: input.name,
        description: input.description ?? null,
        notifyAt: input.notifyAt,
        contacts: toStored(input.contacts),
        createdById: ctx.userId,
      },
    });
    await audit(tx, ctx, "reminder.created", created);
    return created;
  });
  return presentReminder(row);
}

/** The reminder of the caller's workspace with editor on its document; NOT_FOUND otherwise (another workspace's too). */
async function editableReminder(ctx: ServiceContext, id: string): Promise<Reminder> {
  const { accountId } = accountScope(ctx);
  const row = await db.reminder.findFirst({ where: { id, accountId } });
  if (!row?.documentId) throw reminderNotFound();
  await requireDocumentRole(ctx, row.documentId, "editor");
  return row;
}

export async function updateReminder(ctx: ServiceContext, id: string, input: UpdateReminderInput): Promise<PresentedReminder> {
  const current = await editableReminder(ctx, id);
  const rearm = input.notifyAt !== undefined && input.notifyAt.getTime() !== current.notifyAt.getTime();
  const row = await db.$transaction(async (tx) => {
    const data: Prisma.ReminderUpdateInput = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description ?? null } : {}),
      ...(input.notifyAt !== undefined ? { notifyAt: input.notifyAt } : {}),
    };
    if (input.contacts) data.contacts = toStored(input.contacts);
    if (rearm) {
      // A new time sends it again: every contact is pending once more.
      data.notifiedAt = null;
      if (!input.contacts) data.contacts = toStored(current.contacts as StoredContact[]);
    }
    // A reminder the job is sending holds its row (FOR UPDATE): this waits for it, and its result stands.
    const updated = await tx.reminder.update({ where: { id: current.id }, data });
    await audit(tx, ctx, "reminder.updated", updated);
    return updated;
  });
  return presentReminder(row);
}

/** Removes reminders, all or none: each must be the caller's workspace's with editor on its document (NOT_FOUND otherwise). */
export async function deleteReminders(ctx: ServiceContext, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const rows: Reminder[] = [];
  for (const id of unique) rows.push(await editableReminder(ctx, id));
  await db.$transaction(async (tx) => {
    await tx.reminder.deleteMany({ where: { id: { in: rows.map((r) => r.id) }, accountId: accountScope(ctx).accountId } });
    for (const row of rows) await audit(tx, ctx, "reminder.deleted", row);
  });
  return unique;
}

export async function deleteReminder(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  const [deleted] = await deleteReminders(ctx, [id]);
  return { id: deleted! };
}

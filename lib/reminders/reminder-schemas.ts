import { z } from "zod";
import { storableDate } from "@/lib/text/calendar-dates";
import { REMINDER_CONTACT_STATUSES, REMINDER_LIMITS, type ReminderContactStatus } from "./reminder-limits";

export { REMINDER_LIMITS };

/**
 * The input of a reminder (spec Reminder: name, description, notifyAt, contacts), for the
 * declarations and the services. Contacts are people to email at `notifyAt`: a name, an address
 * and an optional phone.
 */

export const reminderContactSchema = z
  .object({
    name: z.string().trim().min(1).max(REMINDER_LIMITS.name),
    email: z
      .email()
      .max(320)
      .transform((email) => email.toLowerCase()),
    phone: z.string().trim().max(REMINDER_LIMITS.phone).nullish(),
  })
  .strict();

const fields = {
  name: z.string().trim().min(1).max(REMINDER_LIMITS.name),
  description: z.string().trim().max(REMINDER_LIMITS.description).nullish(),
  notifyAt: storableDate,
  contacts: z.array(reminderContactSchema).min(1).max(REMINDER_LIMITS.contacts),
};

export const createReminderSchema = z.object(fields).strict();
export const updateReminderSchema = z.object(fields).partial().strict();

export type CreateReminderInput = z.infer<typeof createReminderSchema>;
export type UpdateReminderInput = z.infer<typeof updateReminderSchema>;

/** A contact as stored: with what became of their email. */
export type StoredContact = {
  name: string;
  email: string;
  phone: string | null;
  notification: { status: ReminderContactStatus; emailId?: string; sentAt?: string };
};

export const reminderOutput = z
  .object({
    id: z.string(),
    documentId: z.string().nullable(),
    name: z.string(),
    description: z.string().nullable(),
    notifyAt: z.date(),
    notifiedAt: z.date().nullable(),
    contacts: z.array(
      z
        .object({
          name: z.string(),
          email: z.string(),
          phone: z.string().nullable(),
          notification: z
            .object({ status: z.enum(REMINDER_CONTACT_STATUSES), sentAt: z.string().optional() })
            .describe("What became of the reminder's email to the contact: its status and when it went."),
        })
        .describe("Someone a reminder emails, and whether it was sent to them."),
    ),
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .describe("A reminder about a document (spec Reminder): emailed to its contacts at notifyAt, once.");
export type PresentedReminder = z.infer<typeof reminderOutput>;

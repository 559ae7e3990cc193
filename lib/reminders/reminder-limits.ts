/** The limits of a reminder's fields, shared by the server's schemas and the browser's form (no zod here). */
export const REMINDER_LIMITS = { name: 200, description: 2000, contacts: 20, phone: 40 } as const;

export const REMINDER_CONTACT_STATUSES = ["pending", "sent", "failed"] as const;
export type ReminderContactStatus = (typeof REMINDER_CONTACT_STATUSES)[number];

import { createReminderOperation, listReminders } from "@/lib/reminders/reminder-operations";
import { restRoute } from "@/lib/operations/rest";

/** The document's reminders (reader; GraphQL `reminders`). */
export const GET = restRoute(listReminders, { withParams: true });

/** Adds a reminder (editor): { name, description?, notifyAt, contacts } (GraphQL `createReminder`). */
export const POST = restRoute(createReminderOperation, { status: 201, withParams: true });

import { deleteReminderOperation, updateReminderOperation } from "@/lib/reminders/reminder-operations";
import { restRoute } from "@/lib/operations/rest";

/** Changes a reminder (editor; GraphQL `updateReminder`). */
export const PUT = restRoute(updateReminderOperation, { withParams: true });

/** Removes a reminder (editor; GraphQL `deleteReminder`). */
export const DELETE = restRoute(deleteReminderOperation, { withParams: true });

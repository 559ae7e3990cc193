import { bulkDeleteRemindersOperation } from "@/lib/reminders/reminder-operations";
import { restRoute } from "@/lib/operations/rest";

/** Removes several reminders, all or none: { ids } (editor on each one's document; GraphQL `bulkDeleteReminders`). */
export const POST = restRoute(bulkDeleteRemindersOperation);

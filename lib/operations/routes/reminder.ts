/** Where the operations of lib/reminders/reminder-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const remindersOp = { name: "reminders", method: "GET", path: "/vapp/documents/{id}/reminders" } as const;
export const createReminderOp = { name: "createReminder", method: "POST", path: "/vapp/documents/{id}/reminders" } as const;
export const updateReminderOp = { name: "updateReminder", method: "PUT", path: "/vapp/reminders/{reminderId}" } as const;
export const deleteReminderOp = { name: "deleteReminder", method: "DELETE", path: "/vapp/reminders/{reminderId}" } as const;
export const bulkDeleteRemindersOp = { name: "bulkDeleteReminders", method: "POST", path: "/vapp/reminders/bulk-delete" } as const;

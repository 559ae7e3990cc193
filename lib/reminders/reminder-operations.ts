import { z } from "zod";
import { defineOperation } from "@/lib/operations/operation";
import { createReminderSchema, reminderOutput, updateReminderSchema } from "./reminder-schemas";
import { createReminder, deleteReminder, deleteReminders, findReminders, updateReminder } from "./reminders";
import { idString } from "@/lib/validation/ids";

/**
 * A document's reminders (spec section 7, "reminders"), declared once for REST and GraphQL.
 * Readers of the document list them; editors create, change and remove them (the services
 * check the role). An API token acts as its member.
 */
const members = { callers: ["member", "apiToken"] } as const;
const id = idString();

export const listReminders = defineOperation({
  name: "reminders",
  kind: "query",
  description: "The reminders of a document, soonest first (reader).",
  ...members,
  input: z.object({ id }).strict(),
  output: z.array(reminderOutput),
  ids: ["id"],
  run: (ctx, input) => findReminders(ctx, input.id),
});

export const createReminderOperation = defineOperation({
  name: "createReminder",
  kind: "mutation",
  description: "Adds a reminder to a document (editor): { name, description?, notifyAt, contacts: [{ name, email, phone? }] }.",
  ...members,
  input: createReminderSchema.extend({ id }),
  output: reminderOutput,
  ids: ["id"],
  run: (ctx, { id: documentId, ...data }) => createReminder(ctx, documentId, data),
});

export const updateReminderOperation = defineOperation({
  name: "updateReminder",
  kind: "mutation",
  description: "Changes a reminder; what is not given is kept. A new notifyAt sends it again at that time (editor).",
  ...members,
  input: updateReminderSchema.extend({ reminderId: id }),
  output: reminderOutput,
  ids: ["reminderId"],
  run: (ctx, { reminderId, ...data }) => updateReminder(ctx, reminderId, data),
});

export const deleteReminderOperation = defineOperation({
  name: "deleteReminder",
  kind: "mutation",
  description: "Removes a reminder (editor).",
  ...members,
  input: z.object({ reminderId: id }).strict(),
  output: z.object({ id: z.string() }),
  ids: ["reminderId"],
  run: (ctx, input) => deleteReminder(ctx, input.reminderId),
});

export const bulkDeleteRemindersOperation = defineOperation({
  name: "bulkDeleteReminders",
  kind: "mutation",
  description: "Removes several reminders, all or none (editor on each one's document); at most 100.",
  ...members,
  input: z.object({ ids: z.array(id).min(1).max(100) }).strict(),
  output: z.object({ ids: z.array(z.string()) }),
  ids: ["ids"],
  run: async (ctx, input) => ({ ids: await deleteReminders(ctx, input.ids) }),
});

export const reminderOperations = [
  listReminders,
  createReminderOperation,
  updateReminderOperation,
  deleteReminderOperation,
  bulkDeleteRemindersOperation,
] as const;

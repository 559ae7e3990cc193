import {
  bulkDeleteRemindersOperation,
  createReminderOperation,
  deleteReminderOperation,
  listReminders,
  updateReminderOperation,
} from "@/lib/reminders/reminder-operations";
import type { PresentedReminder } from "@/lib/reminders/reminder-schemas";
import { resolveOperation } from "@/lib/operations/graphql";
import { builder } from "../builder";
import { withoutUndefined } from "./arguments";

type Contact = PresentedReminder["contacts"][number];

const ReminderContactRef = builder.objectRef<Contact>("ReminderContact").implement({
  description: "Someone a reminder emails, and whether it was sent to them.",
  fields: (t) => ({
    name: t.exposeString("name"),
    email: t.exposeString("email"),
    phone: t.exposeString("phone", { nullable: true }),
    status: t.string({ description: "pending, sent or failed.", resolve: (c) => c.notification.status }),
    sentAt: t.field({ type: "DateTime", nullable: true, resolve: (c) => (c.notification.sentAt ? new Date(c.notification.sentAt) : null) }),
  }),
});

/** A reminder about a document (spec Reminder): emailed to its contacts at notifyAt, once. */
const ReminderRef = builder.objectRef<PresentedReminder>("Reminder").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    documentId: t.exposeID("documentId", { nullable: true }),
    name: t.exposeString("name"),
    description: t.exposeString("description", { nullable: true }),
    notifyAt: t.expose("notifyAt", { type: "DateTime" }),
    notifiedAt: t.expose("notifiedAt", { type: "DateTime", nullable: true }),
    contacts: t.field({ type: [ReminderContactRef], resolve: (r) => r.contacts }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

const ReminderContactInput = builder.inputType("ReminderContactInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    email: t.string({ required: true }),
    phone: t.string(),
  }),
});

const ReminderInput = builder.inputType("ReminderInput", {
  fields: (t) => ({
    name: t.string(),
    description: t.string(),
    notifyAt: t.string({ description: "ISO date-time." }),
    contacts: t.field({ type: [ReminderContactInput] }),
  }),
});

/** The input's fields as the declarations take them: absent ones left out, contacts without empty phones. */
const dataOf = (data: unknown) => {
  const fields = withoutUndefined(data as Record<string, unknown>);
  if (Array.isArray(fields.contacts)) fields.contacts = (fields.contacts as Record<string, unknown>[]).map((c) => withoutUndefined(c));
  return fields;
};

builder.queryFields((t) => ({
  reminders: t.field({
    type: [ReminderRef],
    description: "The reminders of a document, soonest first (reader role).",
    args: { documentId: t.arg.id({ required: true }) },
    resolve: resolveOperation(listReminders, ({ documentId }) => ({ id: String(documentId) })),
  }),
}));

builder.mutationFields((t) => ({
  createReminder: t.field({
    type: ReminderRef,
    description: "Adds a reminder to a document (editor role).",
    args: { documentId: t.arg.id({ required: true }), data: t.arg({ type: ReminderInput, required: true }) },
    resolve: resolveOperation(createReminderOperation, ({ documentId, data }) => ({ ...dataOf(data), id: String(documentId) })),
  }),
  updateReminder: t.field({
    type: ReminderRef,
    description: "Changes a reminder; a new notifyAt sends it again at that time (editor role).",
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: ReminderInput, required: true }) },
    resolve: resolveOperation(updateReminderOperation, ({ id, data }) => ({ ...dataOf(data), reminderId: String(id) })),
  }),
  deleteReminder: t.field({
    type: "ID",
    description: "Removes a reminder (editor role).",
    args: { id: t.arg.id({ required: true }) },
    resolve: resolveOperation(
      deleteReminderOperation,
      ({ id }) => ({ reminderId: String(id) }),
      (result) => result.id,
    ),
  }),
  bulkDeleteReminders: t.field({
    type: ["ID"],
    description: "Removes several reminders, all or none (editor role on each one's document).",
    args: { ids: t.arg.idList({ required: true }) },
    resolve: resolveOperation(bulkDeleteRemindersOperation, null, (result) => result.ids),
  }),
}));

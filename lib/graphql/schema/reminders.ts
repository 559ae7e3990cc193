import type { ObjectRef } from "@pothos/core";
import type { z } from "zod";
import {
  bulkDeleteRemindersOperation,
  createReminderOperation,
  deleteReminderOperation,
  listReminders,
  updateReminderOperation,
} from "@/lib/reminders/reminder-operations";
import { REMINDER_CONTACT_STATUSES } from "@/lib/reminders/reminder-limits";
import { reminderContactSchema, reminderOutput, type PresentedReminder } from "@/lib/reminders/reminder-schemas";
import type { Operation } from "@/lib/operations/operation";
import { builder } from "../builder";
import { declaredFields, declaredOutput, type Naming } from "../from-declarations";

/**
 * A document's reminders (spec Reminder): emailed to their contacts at notifyAt, once. Each field
 * runs its declaration (lib/reminders/reminder-operations.ts) and is built from it
 * (lib/graphql/from-declarations.ts): arguments by the input's names (`id` is the document's,
 * `reminderId` the reminder's, as over REST), result types, enums and descriptions. A contact's
 * `status` and `sentAt`, its notification's fields one level up, are added here as before.
 */

type Contact = PresentedReminder["contacts"][number];
/** The schema types of the builder (for a ref built at run time). */
type BuilderTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer Types> ? Types : never;
const contactOutput = reminderOutput.shape.contacts.element;

const naming: Naming = {
  names: new Map<z.ZodType, string>([
    [reminderOutput, "Reminder"],
    [contactOutput, "ReminderContact"],
    [contactOutput.shape.notification, "ReminderNotification"],
    [reminderContactSchema, "ReminderContact"],
  ]),
  enums: { [REMINDER_CONTACT_STATUSES.join("|")]: "ReminderContactStatus" },
};

/** The contact's type, from the output (built once: the reminder's `contacts` are of it). */
const ReminderContactRef = declaredOutput({ output: contactOutput } as unknown as Operation, naming, "ReminderContact").type as ObjectRef<
  BuilderTypes,
  Contact
>;

builder.objectFields(ReminderContactRef, (t) => ({
  status: t.string({ description: "pending, sent or failed (notification.status).", resolve: (c) => c.notification.status }),
  sentAt: t.field({
    type: "DateTime",
    nullable: true,
    description: "When the email went (notification.sentAt).",
    resolve: (c) => (c.notification.sentAt ? new Date(c.notification.sentAt) : null),
  }),
}));

builder.queryFields((t) => declaredFields(t as never, [listReminders] as unknown as Operation[], naming));

builder.mutationFields((t) =>
  declaredFields(
    t as never,
    [createReminderOperation, updateReminderOperation, deleteReminderOperation, bulkDeleteRemindersOperation] as unknown as Operation[],
    naming,
    {
      deleteReminder: { pick: { type: "ID", from: (result: { id: string }) => result.id } as never },
      bulkDeleteReminders: { pick: { type: ["ID"], from: (result: { ids: string[] }) => result.ids } as never },
    },
  ),
);

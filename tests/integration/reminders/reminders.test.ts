import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import * as documentReminders from "@/app/vapp/documents/[id]/reminders/route";
import * as reminderRoute from "@/app/vapp/reminders/[reminderId]/route";
import * as bulkDeleteRoute from "@/app/vapp/reminders/bulk-delete/route";
import type { ServiceContext } from "@/lib/auth/context";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { jobContext } from "@/lib/jobs/job";
import { openQueue, type JobQueue } from "@/lib/jobs/queue";
import { runOperation } from "@/lib/operations/operation";
import { createReminderOperation, updateReminderOperation } from "@/lib/reminders/reminder-operations";
import { createReminder, deleteReminder, deleteReminders, findReminders, updateReminder } from "@/lib/reminders/reminders";
import { remindersJob, sendDueReminders } from "@/lib/reminders/reminders-job";
import { addMember, createAccount, createUser, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest, params } from "@/tests/factories/http";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * Reminders (spec Reminder): readers list them, editors manage them, and the `reminders` job
 * emails each contact once when notifyAt comes, whichever process runs it.
 */
let w: {
  accountId: string;
  documentId: string;
  owner: ServiceContext;
  ownerToken: string;
  reader: ServiceContext;
  editorUserId: string;
  editor: ServiceContext;
};

beforeAll(async () => {
  const { account, owner } = await createAccount("Reminders");
  const reader = await addMember(account.id, "Member", await createUser({ firstName: "Rita" }));
  const editor = await addMember(account.id, "Member", await createUser({ firstName: "Eva", language: "es" }));
  const ownerSession = await signedInAs(owner.id, account.id);
  const document = await createDocumentFromUpload(
    ownerSession.ctx,
    { name: "Lease renewal" },
    { name: "l.docx", bytes: makeDocx(["Lease"]) },
  );
  await db.documentPolicy.createMany({
    data: [
      { accountId: account.id, documentId: document.id, userId: reader.id, role: "reader" },
      { accountId: account.id, documentId: document.id, userId: editor.id, role: "editor" },
    ],
  });
  w = {
    accountId: account.id,
    documentId: document.id,
    owner: ownerSession.ctx,
    ownerToken: ownerSession.accessToken,
    reader: (await signedInAs(reader.id, account.id)).ctx,
    editorUserId: editor.id,
    editor: (await signedInAs(editor.id, account.id)).ctx,
  };
});

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "OK",
    (error: { code?: string }) => error.code ?? String(error),
  );

const inAMinute = () => new Date(Date.now() + 60_000);

describe("reminders of a document", () => {
  it("editors create, change and remove them; readers only list them; each change is audited", async () => {
    // Through the declaration, which parses: the address is lower-cased, the phone left out is null.
    const created = await runOperation(createReminderOperation, w.editor, {
      id: w.documentId,
      name: "Renewal notice",
      description: "Send the notice before the end of the month.",
      notifyAt: inAMinute(),
      contacts: [{ name: "Ana", email: "Ana@Example.test" }],
    });
    expect(created).toMatchObject({
      documentId: w.documentId,
      name: "Renewal notice",
      notifiedAt: null,
      contacts: [{ name: "Ana", email: "ana@example.test", phone: null, notification: { status: "pending" } }],
    });
    expect((await findReminders(w.reader, w.documentId)).map((r) => r.id)).toEqual([created.id]);
    expect(
      await codeOf(
        createReminder(w.reader, w.documentId, { name: "x", notifyAt: new Date(), contacts: [{ name: "A", email: "a@example.test" }] }),
      ),
    ).toBe("FORBIDDEN");
    expect(await codeOf(updateReminder(w.reader, created.id, { name: "Taken over" }))).toBe("FORBIDDEN");
    expect(await codeOf(deleteReminder(w.reader, created.id))).toBe("FORBIDDEN");

    const updated = await runOperation(updateReminderOperation, w.owner, {
      reminderId: created.id,
      name: "Renewal notice (final)",
      contacts: [{ name: "Bo", email: "bo@example.test", phone: "+34 600" }],
    });
    expect(updated).toMatchObject({ name: "Renewal notice (final)", contacts: [{ email: "bo@example.test", phone: "+34 600" }] });
    await deleteReminder(w.editor, created.id);
    expect(await findReminders(w.owner, w.documentId)).toEqual([]);
    const events = await db.audit.findMany({ where: { targetType: "reminder", targetId: created.id }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => [e.eventType, e.targetContext])).toEqual([
      ["reminder.created", w.documentId],
      ["reminder.updated", w.documentId],
      ["reminder.deleted", w.documentId],
    ]);
  });

  it("removes several at once, all or none", async () => {
    const make = (name: string) =>
      createReminder(w.editor, w.documentId, { name, notifyAt: inAMinute(), contacts: [{ name: "Ana", email: "ana@example.test" }] });
    const [one, two] = [await make("Bulk one"), await make("Bulk two")];
    expect(await codeOf(deleteReminders(w.reader, [one.id, two.id]))).toBe("FORBIDDEN");
    expect(await codeOf(deleteReminders(w.editor, [one.id, "no-such-reminder"]))).toBe("NOT_FOUND");
    expect(await db.reminder.count({ where: { id: { in: [one.id, two.id] } } })).toBe(2);
    const response = await bulkDeleteRoute.POST(
      jsonRequest("POST", "/vapp/reminders/bulk-delete", {
        body: { ids: [one.id, two.id] },
        headers: { authorization: `Bearer ${w.ownerToken}` },
      }),
    );
    expect(await response.json()).toEqual({ ids: [one.id, two.id] });
    expect(await db.reminder.count({ where: { id: { in: [one.id, two.id] } } })).toBe(0);
  });

  it("refuses bad input: no contacts, a bad address, a missing date", async () => {
    const bad = [
      { name: "No one", notifyAt: inAMinute().toISOString(), contacts: [] },
      { name: "Bad address", notifyAt: inAMinute().toISOString(), contacts: [{ name: "A", email: "not an address" }] },
      { name: "No date", contacts: [{ name: "A", email: "a@example.test" }] },
    ];
    for (const body of bad) {
      const response = await documentReminders.POST(
        jsonRequest("POST", `/vapp/documents/${w.documentId}/reminders`, { body, headers: { authorization: `Bearer ${w.ownerToken}` } }),
        params({ id: w.documentId }),
      );
      expect(response.status).toBe(400);
    }
  });

  it("serves REST and GraphQL with the same rules", async () => {
    const auth = { authorization: `Bearer ${w.ownerToken}` };
    const created = await documentReminders.POST(
      jsonRequest("POST", `/vapp/documents/${w.documentId}/reminders`, {
        body: { name: "Board review", notifyAt: inAMinute().toISOString(), contacts: [{ name: "Ana", email: "ana@example.test" }] },
        headers: auth,
      }),
      params({ id: w.documentId }),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const listed = await documentReminders.GET(
      jsonRequest("GET", `/vapp/documents/${w.documentId}/reminders`, { headers: auth }),
      params({ id: w.documentId }),
    );
    expect(((await listed.json()) as { id: string }[]).map((r) => r.id)).toContain(id);
    const put = await reminderRoute.PUT(
      jsonRequest("PUT", `/vapp/reminders/${id}`, { body: { description: "Bring the minutes." }, headers: auth }),
      params({ reminderId: id }),
    );
    expect(await put.json()).toMatchObject({ id, description: "Bring the minutes." });

    const result = await graphql<{ reminders: { id: string; name: string; contacts: { email: string; status: string }[] }[] }>(
      `
        query ($documentId: ID!) {
          reminders(id: $documentId) {
            id
            name
            contacts {
              email
              status
            }
          }
        }
      `,
      { accessToken: w.ownerToken, variables: { documentId: w.documentId } },
    );
    expect(result.data?.reminders).toContainEqual({
      id,
      name: "Board review",
      contacts: [{ email: "ana@example.test", status: "pending" }],
    });
    const changed = await graphql<{ updateReminder: { name: string } }>(
      `
        mutation ($id: ID!) {
          updateReminder(reminderId: $id, name: "Board review (moved)") {
            name
          }
        }
      `,
      { accessToken: w.ownerToken, variables: { id } },
    );
    expect(changed.data?.updateReminder.name).toBe("Board review (moved)");
    const removed = await reminderRoute.DELETE(
      jsonRequest("DELETE", `/vapp/reminders/${id}`, { headers: auth }),
      params({ reminderId: id }),
    );
    expect(removed.status).toBe(200);
  });
});

describe("the reminders job", () => {
  const queues: JobQueue[] = [];
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    const cleaner = await openQueue({ work: false, jobs: [] });
    await cleaner.boss.unschedule(remindersJob.name);
    await cleaner.stop();
  });

  it("sends a due reminder once to each contact, in their language, and marks it sent", async () => {
    const due = await createReminder(w.owner, w.documentId, {
      name: "Sign the addendum",
      description: "The addendum is in the annexes.",
      notifyAt: new Date(Date.now() - 1000),
      contacts: [
        { name: "Eva", email: (await db.user.findUniqueOrThrow({ where: { id: w.editorUserId } })).email },
        { name: "Olaf Outside", email: "olaf-reminders@example.test" },
      ],
    });
    const later = await createReminder(w.editor, w.documentId, {
      name: "Not yet",
      notifyAt: new Date(Date.now() + 3_600_000),
      contacts: [{ name: "Olaf Outside", email: "olaf-reminders@example.test" }],
    });
    // Two runs at the same instant, as two processes would: the rows each claims are its own.
    await Promise.all([sendDueReminders(jobContext("a")), sendDueReminders(jobContext("b"))]);
    await sendDueReminders(jobContext("c"));

    const emails = await db.outboxEmail.findMany({
      where: { template: { in: ["reminder", "reminderInfo"] }, documentId: w.documentId },
      orderBy: { to: "asc" },
    });
    const eva = await db.user.findUniqueOrThrow({ where: { id: w.editorUserId } });
    expect(emails.map((e) => [e.to, e.locale, e.accountId])).toEqual(
      [
        [eva.email, "es", w.accountId],
        ["olaf-reminders@example.test", "en", w.accountId],
      ].sort((x, y) => x[0]!.localeCompare(y[0]!)),
    );
    const olaf = emails.find((e) => e.to === "olaf-reminders@example.test")!;
    expect(olaf.subject).toBe("Reminder: Sign the addendum");
    // Olaf is outside the workspace and neither signs nor reviews it: what it is about, no link to a page asking him to sign in.
    expect(olaf.template).toBe("reminderInfo");
    expect(olaf.text).not.toContain(`/d/${w.documentId}`);
    expect(olaf.text).toContain("The addendum is in the annexes.");
    expect(emails.find((e) => e.to === eva.email)!.text).toContain(`http://localhost:3000/d/${w.documentId}/view`);
    expect(emails.find((e) => e.to === eva.email)!.subject).toBe("Recordatorio: Sign the addendum");

    const [sent] = await findReminders(w.owner, w.documentId).then((list) => list.filter((r) => r.id === due.id));
    expect(sent!.notifiedAt).not.toBeNull();
    expect(sent!.contacts.map((c) => c.notification.status)).toEqual(["sent", "sent"]);
    expect((await findReminders(w.owner, w.documentId)).find((r) => r.id === later.id)!.notifiedAt).toBeNull();
    expect(await db.audit.count({ where: { eventType: "reminder.sent", targetId: due.id, via: "system" } })).toBe(1);

    // A new time sends it again.
    await updateReminder(w.editor, due.id, { notifyAt: new Date(Date.now() - 500) });
    await sendDueReminders(jobContext("d"));
    expect(
      await db.outboxEmail.count({ where: { template: "reminderInfo", documentId: w.documentId, to: "olaf-reminders@example.test" } }),
    ).toBe(2);
  });

  it("runs once with two worker processes on one database", { timeout: 90_000 }, async () => {
    const reminder = await createReminder(w.editor, w.documentId, {
      name: "Quarterly check",
      notifyAt: new Date(Date.now() - 1000),
      contacts: [{ name: "Quinn", email: "quinn-reminders@example.test" }],
    });
    queues.push(await openQueue({ work: true, jobs: [remindersJob], pollingIntervalSeconds: 0.5 }));
    queues.push(await openQueue({ work: true, jobs: [remindersJob], pollingIntervalSeconds: 0.5 }));
    // Several runs sent at once through both queues (the cron sends one a minute; these do not wait for it).
    const ids = await Promise.all([0, 1, 2, 3].map((n) => queues[n % 2]!.enqueue(remindersJob, {})));
    await vi.waitFor(
      async () => {
        const states = await Promise.all(ids.map((id) => queues[0]!.boss.getJobById(remindersJob.name, id!)));
        expect(states.map((job) => job?.state)).toEqual(["completed", "completed", "completed", "completed"]);
      },
      { timeout: 60_000, interval: 300 },
    );
    expect(await db.outboxEmail.count({ where: { template: "reminderInfo", to: "quinn-reminders@example.test" } })).toBe(1);
    expect((await db.reminder.findUniqueOrThrow({ where: { id: reminder.id } })).notifiedAt).not.toBeNull();
  });
});

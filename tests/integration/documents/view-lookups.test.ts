import { beforeAll, describe, expect, it } from "vitest";
import type { ServiceContext } from "@/lib/auth/context";
import { db } from "@/lib/db";
import { activityTake, documentActivityRows, documentActivityWhere } from "@/lib/documents/activity";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { findUserSummaries } from "@/lib/documents/find-user-summaries";
import { findShareableMembers, upsertDocumentPolicy } from "@/lib/documents/policies";
import { updateDocumentVersion } from "@/lib/documents/update-document-version";
import { createDocumentLink } from "@/lib/links/document-links";
import { displayName } from "@/lib/users/person";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * The document screen's lookups sent as prepared statements through the driver (the activity,
 * the members to share with, the people it names) give what their Prisma queries gave, on a
 * fixture with share-link events, another document, another workspace, a disabled member and a
 * deleted user.
 */
let admin: ServiceContext;
let accountId: string;
let documentId: string;
let otherDocumentId: string;
let removedUserId: string;
let deletedUserId: string;

beforeAll(async () => {
  const { account, owner } = await createAccount("View lookups");
  accountId = account.id;
  admin = (await signedInAs(owner.id, account.id)).ctx;
  const [editorUser, removed, deleted] = [
    await addMember(account.id, "Member"),
    await addMember(account.id, "Member"),
    await addMember(account.id, "Member"),
  ];
  removedUserId = removed.id;
  deletedUserId = deleted.id;
  await db.accountPolicy.updateMany({ where: { accountId, userId: removed.id }, data: { status: "disabled" } });
  await db.user.update({ where: { id: deleted.id }, data: { deleted: true } });
  const editor = (await signedInAs(editorUser.id, account.id)).ctx;
  const file = (text: string) => ({ name: "terms.docx", bytes: makeDocx([text]) });
  documentId = (await createDocumentFromUpload(admin, { name: "Watched" }, file("First terms"))).id;
  otherDocumentId = (await createDocumentFromUpload(admin, { name: "Other" }, file("Other terms"))).id;
  await upsertDocumentPolicy(admin, documentId, { userId: editorUser.id, role: "editor" });
  await updateDocumentVersion(editor, documentId, file("Second terms"));
  await createDocumentLink(admin, documentId, { name: "Counsel" });
  await createDocumentLink(admin, otherDocumentId, { name: "Counsel" });
  // Another workspace's document with the same kind of events.
  const elsewhere = await createAccount("Elsewhere");
  const outsider = (await signedInAs(elsewhere.owner.id, elsewhere.account.id)).ctx;
  await createDocumentFromUpload(outsider, { name: "Watched" }, file("Elsewhere"));
});

describe("the document screen's lookups", () => {
  it("reads a document's activity as the Prisma query did: its own events and its links', newest first", async () => {
    for (const take of [undefined, 2]) {
      const rows = await documentActivityRows(accountId, documentId, take);
      const before = await db.audit.findMany({
        where: documentActivityWhere(accountId, documentId),
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: activityTake(take),
        select: {
          id: true,
          eventType: true,
          createdAt: true,
          via: true,
          viaId: true,
          userId: true,
          targetType: true,
          targetId: true,
          targetContext: true,
          payload: true,
        },
      });
      expect(rows).toEqual(before);
    }
    const all = await documentActivityRows(accountId, documentId);
    expect(all.length).toBe(3);
    expect(all.map((row) => row.eventType)).toContain("link.created");
    expect(all.every((row) => row.createdAt instanceof Date)).toBe(true);
    // Each row is the document's own or one of its links', none of the other document's.
    const targets = await db.audit.findMany({ where: { id: { in: all.map((row) => row.id) } } });
    expect(targets.every((row) => row.targetId === documentId || row.targetContext === documentId)).toBe(true);
    expect(targets.some((row) => row.targetContext === documentId)).toBe(true);
    expect(await documentActivityRows(accountId, otherDocumentId).then((rows) => rows.map((row) => row.id))).not.toContain(all[0]!.id);
    // The same document asked of another workspace: nothing.
    expect(await documentActivityRows("another-workspace", documentId)).toEqual([]);
  });

  it("offers the workspace's active members to share with, as the Prisma query did", async () => {
    const members = await findShareableMembers(admin, documentId);
    const before = await db.accountPolicy.findMany({
      where: { accountId, status: "active", user: { deleted: false } },
      select: { user: { select: { id: true, firstName: true, lastName: true, email: true } } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: 500,
    });
    expect(members).toEqual(before.map(({ user }) => ({ id: user.id, name: displayName(user), email: user.email })));
    expect(members).toHaveLength(2);
    expect(members.map((m) => m.id)).not.toContain(removedUserId);
    expect(members.map((m) => m.id)).not.toContain(deletedUserId);
  });

  it("names people by id, leaving out ids that are no user", async () => {
    const users = await db.user.findMany({ where: { id: { in: [admin.userId!, deletedUserId] } } });
    const names = await findUserSummaries(admin, [admin.userId, deletedUserId, "no-such-user", null, admin.userId]);
    expect([...names.values()].sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      users.map((user) => ({ id: user.id, name: displayName(user) })).sort((a, b) => a.id.localeCompare(b.id)),
    );
  });
});

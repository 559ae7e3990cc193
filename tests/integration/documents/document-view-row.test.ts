import { beforeAll, describe, expect, it } from "vitest";
import type { ServiceContext } from "@/lib/auth/context";
import { createCategory } from "@/lib/categories/save-category";
import { db } from "@/lib/db";
import { registerAccessDocumentPolicy } from "@/lib/documents/access-requests";
import { addDocumentAttachment } from "@/lib/documents/add-document-attachment";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { documentViewRow, viewInclude } from "@/lib/documents/document-view-row";
import { upsertDocumentPolicy } from "@/lib/documents/policies";
import { updateDocumentVersion } from "@/lib/documents/update-document-version";
import { createFolder } from "@/lib/folders/folders";
import { createTag } from "@/lib/tags/tags";
import { createTemplate } from "@/lib/templates/create-template";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * The document screen's row (documentViewRow, its own SQL) is what Prisma gives for viewInclude:
 * every column (a value with cents, instants, JSON), tags, category, folder, template, author,
 * versions, attachments and policies (active and requested, in the screen's order; a refused one
 * and another workspace's left out; a member who was disabled has no active membership), for a
 * document with all of them and for a bare one.
 */
let admin: ServiceContext;
let accountId: string;
let fullId: string;
let bareId: string;

const file = (name: string, text: string) => ({ name, bytes: makeDocx([text]) });

beforeAll(async () => {
  const { account, owner } = await createAccount("View row");
  accountId = account.id;
  admin = (await signedInAs(owner.id, account.id)).ctx;
  const [editorUser, readerUser, asker, refused] = [
    await addMember(account.id, "Member"),
    await addMember(account.id, "Member"),
    await addMember(account.id, "Member"),
    await addMember(account.id, "Member"),
  ];
  const editor = (await signedInAs(editorUser.id, account.id)).ctx;
  const category = await createCategory(admin, { name: "Leases", group: "document" });
  const [urgent, review] = [
    await createTag(admin, { name: "Urgent", color: "#dc2626" }),
    await createTag(admin, { name: "Review", color: "#7c3aed" }),
  ];
  const folder = await createFolder(admin, { name: "Clients", group: "document", parentId: null });
  const template = await createTemplate(admin, { name: "Lease template" }, file("lease.docx", "[tenant]"));
  fullId = (await createDocumentFromUpload(admin, { name: "Full" }, file("full.docx", "First terms"))).id;
  bareId = (await createDocumentFromUpload(admin, { name: "Bare" }, file("bare.docx", "Bare terms"))).id;
  await db.document.update({
    where: { id: fullId },
    data: {
      value: "12500.75",
      currency: "EUR",
      startedAt: new Date("2026-01-01T00:00:00Z"),
      endedAt: new Date("2027-12-31T23:59:59.123Z"),
      risk: 3,
      metadata: { source: "import", pages: 4 },
      variables: { tenant: "Acme" },
      categoryId: category.id,
      folderId: folder.id,
      templateId: template.id,
      tags: { connect: [{ id: urgent.id }, { id: review.id }] },
    },
  });
  await upsertDocumentPolicy(admin, fullId, { userId: editorUser.id, role: "editor" });
  await upsertDocumentPolicy(admin, fullId, { userId: readerUser.id, role: "reader" });
  await updateDocumentVersion(editor, fullId, file("full-2.docx", "Second terms"));
  await addDocumentAttachment(editor, fullId, file("annex.docx", "Annex"));
  await addDocumentAttachment(admin, fullId, file("schedule.docx", "Schedule"));
  await registerAccessDocumentPolicy((await signedInAs(asker.id, account.id)).ctx, fullId);
  await registerAccessDocumentPolicy((await signedInAs(refused.id, account.id)).ctx, fullId);
  await db.documentPolicy.updateMany({ where: { documentId: fullId, userId: refused.id }, data: { status: "refused" } });
  await db.accountPolicy.updateMany({ where: { accountId, userId: readerUser.id }, data: { status: "disabled" } });
});

const prismaRow = (id: string) => db.document.findFirst({ where: { id, accountId }, include: viewInclude(accountId) });
/** A document's tags come in no order both readers promise (Prisma's join has none): compared by id on both sides. */
const tagsById = <R extends { tags: { id: string }[] } | null>(row: R): R =>
  row && { ...row, tags: [...row.tags].sort((a, b) => a.id.localeCompare(b.id)) };

describe("documentViewRow", () => {
  it("gives what Prisma gives for a document with every relation", async () => {
    const row = await documentViewRow(accountId, fullId);
    expect(tagsById(row)).toEqual(tagsById(await prismaRow(fullId)));
    expect(row!.value!.toString()).toBe("12500.75");
    expect(row!.tags.map((tag) => tag.name).sort()).toEqual(["Review", "Urgent"]);
    expect(row!.contents.map((content) => content.version)).toEqual([2, 1]);
    expect(row!.attachments.map((attachment) => attachment.name)).toEqual(["annex.docx", "schedule.docx"]);
    expect(row!.policies.map((policy) => [policy.role, policy.status])).toEqual([
      ["owner", "active"],
      ["editor", "active"],
      ["reader", "active"],
      ["reader", "requested"],
    ]);
    expect(row!.policies.map((policy) => policy.user.policies.length)).toEqual([1, 1, 0, 1]);
    expect(row!.policies[0]!.createdAt).toBeInstanceOf(Date);
  });

  it("gives what Prisma gives for a document with none, and nothing for another workspace or an unknown id", async () => {
    expect(await documentViewRow(accountId, bareId)).toEqual(await prismaRow(bareId));
    const other = await createAccount("Other view row");
    expect(await documentViewRow(other.account.id, fullId)).toBeNull();
    expect(await documentViewRow(accountId, "no-such-document")).toBeNull();
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import type { ServiceContext } from "@/lib/auth/context";
import { db } from "@/lib/db";
import { createDocumentFromTemplate } from "@/lib/documents/create-document-from-template";
import { storage } from "@/lib/storage/storage";
import { createTemplate } from "@/lib/templates/create-template";
import { deleteTemplates } from "@/lib/templates/delete-templates";
import { updateTemplateVersion } from "@/lib/templates/update-template-version";
import { publishUnpublishTemplate } from "@/lib/templates/templates";
import { createAccount, signedInAs } from "@/tests/factories";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * A template names one stored file, its current version's. A new version's upload deletes the file
 * it replaces, and deleting templates deletes their files: no file is left that no row names.
 * Documents made from a template keep files of their own.
 */
let admin: ServiceContext;

beforeAll(async () => {
  const { account, owner } = await createAccount("Template files");
  admin = (await signedInAs(owner.id, account.id)).ctx;
});

const upload = (name: string, text: string) => ({ name, bytes: makeDocx([text]) });
const stored = async (key: string) => (await storage().get(key)) !== null;

describe("a template's stored files", () => {
  it("keeps only the current version's file, also when two versions are uploaded at once", async () => {
    const template = await createTemplate(admin, { name: "Versions" }, upload("first.docx", "[party]"));
    await publishUnpublishTemplate(admin, template.id, true);
    const document = await createDocumentFromTemplate(admin, {
      templateId: template.id,
      values: { party: "Acme" },
    });
    const documentFile = (await db.documentContent.findFirstOrThrow({ where: { documentId: document.id } })).path;

    const second = await updateTemplateVersion(admin, template.id, upload("second.docx", "[party] and [date]"));
    expect(await stored(template.fileKey)).toBe(false);
    expect(await stored(second.fileKey)).toBe(true);

    const uploads = [upload("left.docx", "[left]"), upload("right.docx", "[right]")];
    const written = await Promise.all(uploads.map((file) => updateTemplateVersion(admin, template.id, file)));
    const row = await db.template.findUniqueOrThrow({ where: { id: template.id } });
    expect(row.version).toBe(4);
    expect(await stored(row.fileKey)).toBe(true);
    for (const key of [second.fileKey, ...written.map((t) => t.fileKey)].filter((key) => key !== row.fileKey)) {
      expect(await stored(key)).toBe(false);
    }
    // The document made from the first version keeps its own file.
    expect(await stored(documentFile)).toBe(true);
  });

  it("deletes the files of deleted templates", async () => {
    const kept = await createTemplate(admin, { name: "Kept" }, upload("kept.docx", "[kept]"));
    const gone = await Promise.all(
      ["One", "Two"].map((name) => createTemplate(admin, { name }, upload(`${name}.docx`, `[${name.toLowerCase()}]`))),
    );
    await deleteTemplates(
      admin,
      gone.map((t) => t.id),
    );
    for (const template of gone) expect(await stored(template.fileKey)).toBe(false);
    expect(await stored(kept.fileKey)).toBe(true);
  });
});

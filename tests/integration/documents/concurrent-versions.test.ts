import { beforeAll, describe, expect, it } from "vitest";
import type { ServiceContext } from "@/lib/auth/context";
import { db } from "@/lib/db";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { readStored } from "@/lib/documents/stored-file";
import { updateDocumentVersion } from "@/lib/documents/update-document-version";
import { createTemplate } from "@/lib/templates/create-template";
import { updateTemplateVersion } from "@/lib/templates/update-template-version";
import { createAccount, signedInAs } from "@/tests/factories";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * Versions written at the same time (two people, or two app processes, uploading at once) are
 * each kept whole: both document versions are numbered one after the other, each with its own
 * file; two template versions leave the template's row and its file from the same upload. Before,
 * both writes took the same number and the same storage key: one failed, deleting the file the
 * other had just committed, or the template kept one upload's fields with the other's file.
 */
let admin: ServiceContext;

beforeAll(async () => {
  const { account, owner } = await createAccount("Concurrent versions");
  admin = (await signedInAs(owner.id, account.id)).ctx;
});

const upload = (name: string, text: string) => ({ name, bytes: makeDocx([text]) });
const bytesOf = async (key: string) => Buffer.from(await readStored(key));

describe("versions written at once", () => {
  it("numbers two document versions one after the other, each with its own file", async () => {
    const document = await createDocumentFromUpload(admin, { name: "Raced" }, upload("raced.docx", "First"));
    const files = [upload("left.docx", "Left terms"), upload("right.docx", "Right terms"), upload("third.docx", "Third terms")];
    const written = await Promise.all(files.map((file) => updateDocumentVersion(admin, document.id, file)));
    expect(written.map((content) => content.version).sort()).toEqual([2, 3, 4]);
    const versions = await db.documentContent.findMany({ where: { documentId: document.id }, orderBy: { version: "asc" } });
    expect(versions.map((v) => v.version)).toEqual([1, 2, 3, 4]);
    expect(new Set(versions.map((v) => v.path)).size).toBe(4);
    for (const version of versions.slice(1)) {
      const file = files.find((f) => f.name === version.name)!;
      expect(await bytesOf(version.path)).toEqual(Buffer.from(file.bytes));
    }
  });

  it("leaves a template's row and its file from the same upload", async () => {
    const template = await createTemplate(admin, { name: "Raced template" }, upload("raced.docx", "[first]"));
    const files = [upload("left.docx", "[left]"), upload("right.docx", "[right]")];
    await Promise.all(files.map((file) => updateTemplateVersion(admin, template.id, file)));
    const row = await db.template.findUniqueOrThrow({ where: { id: template.id } });
    expect(row.version).toBe(3);
    const file = files.find((f) => f.name === row.fileName)!;
    expect(await bytesOf(row.fileKey)).toEqual(Buffer.from(file.bytes));
    expect((row.variables as { name: string }[]).map((v) => v.name)).toEqual([file.name === "left.docx" ? "left" : "right"]);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import type { ServiceContext } from "@/lib/auth/context";
import { db } from "@/lib/db";
import { createDocumentFromTemplate } from "@/lib/documents/create-document-from-template";
import { storage } from "@/lib/storage/storage";
import { createTemplate } from "@/lib/templates/create-template";
import { deleteTemplates } from "@/lib/templates/delete-templates";
import { REPLACED_TEMPLATE_FILE_GRACE_MS, replacedTemplateFileJob } from "@/lib/templates/replaced-file-job";
import { updateTemplateVersion } from "@/lib/templates/update-template-version";
import { jobContext } from "@/lib/jobs/job";
import { publishUnpublishTemplate } from "@/lib/templates/templates";
import { createAccount, signedInAs } from "@/tests/factories";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * A template names one stored file, its current version's. A new version's upload has the file it
 * replaces deleted some minutes later (a job, so a document being made from the old version then
 * still reads it), and deleting templates deletes their files: no file is left that no row names.
 * Documents made from a template keep files of their own.
 */
let admin: ServiceContext;

beforeAll(async () => {
  const { account, owner } = await createAccount("Template files");
  admin = (await signedInAs(owner.id, account.id)).ctx;
});

const upload = (name: string, text: string) => ({ name, bytes: makeDocx([text]) });
const stored = async (key: string) => (await storage().get(key)) !== null;

/** The deletions enqueued for `keys`, with how long after now each runs. */
async function deletionsOf(keys: string[]) {
  const jobs = await db.$queryRaw<{ key: string; delay: number }[]>`
    SELECT data->>'key' AS key, extract(epoch FROM start_after - now()) * 1000 AS delay
    FROM pgboss.job WHERE name = ${replacedTemplateFileJob.name} AND data->>'key' = ANY(${keys})`;
  return jobs.map((job) => ({ key: job.key, delay: Number(job.delay) }));
}

/** Runs the deletion jobs of `keys` now, as a worker would once their time comes. */
async function runDeletions(keys: string[]) {
  for (const { key } of await deletionsOf(keys)) await replacedTemplateFileJob.run(jobContext(null), { key }, { number: 1, last: true });
}

describe("a template's stored files", () => {
  it("keeps only the current version's file, also when two versions are uploaded at once", async () => {
    const template = await createTemplate(admin, { name: "Versions" }, upload("first.docx", "[party]"));
    await publishUnpublishTemplate(admin, template.id, true);
    const document = await createDocumentFromTemplate(admin, {
      templateId: template.id,
      values: { party: "Acme" },
      fields: {},
    });
    const documentFile = (await db.documentContent.findFirstOrThrow({ where: { documentId: document.id } })).path;

    const second = await updateTemplateVersion(admin, template.id, upload("second.docx", "[party] and [date]"));
    // Kept for now, its deletion due in about ten minutes.
    expect(await stored(template.fileKey)).toBe(true);
    const [due] = await deletionsOf([template.fileKey]);
    expect(due!.delay).toBeGreaterThan(REPLACED_TEMPLATE_FILE_GRACE_MS - 60_000);
    expect(due!.delay).toBeLessThanOrEqual(REPLACED_TEMPLATE_FILE_GRACE_MS);
    await runDeletions([template.fileKey]);
    expect(await stored(template.fileKey)).toBe(false);
    expect(await stored(second.fileKey)).toBe(true);

    const uploads = [upload("left.docx", "[left]"), upload("right.docx", "[right]")];
    const written = await Promise.all(uploads.map((file) => updateTemplateVersion(admin, template.id, file)));
    const row = await db.template.findUniqueOrThrow({ where: { id: template.id } });
    expect(row.version).toBe(4);
    const keys = [second.fileKey, ...written.map((t) => t.fileKey)];
    // Each replaced file has its deletion enqueued once; the current one none.
    expect((await deletionsOf(keys)).map((job) => job.key).sort()).toEqual(keys.filter((key) => key !== row.fileKey).sort());
    await runDeletions(keys);
    expect(await stored(row.fileKey)).toBe(true);
    for (const key of keys.filter((key) => key !== row.fileKey)) expect(await stored(key)).toBe(false);
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

  it("keeps a file that a template names again when its deletion runs", async () => {
    const template = await createTemplate(admin, { name: "Named again" }, upload("named.docx", "[named]"));
    await replacedTemplateFileJob.run(jobContext(null), { key: template.fileKey }, { number: 1, last: true });
    expect(await stored(template.fileKey)).toBe(true);
  });
});

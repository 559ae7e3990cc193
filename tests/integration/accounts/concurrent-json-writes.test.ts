import { readdir } from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import type { ServiceContext } from "@/lib/auth/context";
import { BRAND_IMAGE_KINDS, getBrandImage, uploadBrandImage } from "@/lib/accounts/brand-images";
import { updateAccount } from "@/lib/accounts/update-account";
import { setCategoryHidden } from "@/lib/categories/save-category";
import { db } from "@/lib/db";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { createAccount, signedInAs } from "@/tests/factories";
import { makePng } from "@/tests/factories/images";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * A workspace's JSON columns written at the same time (two people, or two app processes): each
 * write keeps the others' keys. Before, each service read the column, changed it in JavaScript
 * and wrote it back, so the second write dropped the first one's change: a brand image's entry
 * (its stored file then named by no row), a colour, a hidden category or the reference counter.
 * The race needs a PostgreSQL server (the embedded database runs one transaction at a time).
 */
let admin: ServiceContext;
let accountId: string;

beforeEach(async () => {
  const { account, owner } = await createAccount("Concurrent JSON");
  accountId = account.id;
  admin = (await signedInAs(owner.id, account.id)).ctx;
});

const account = () => db.account.findUniqueOrThrow({ where: { id: accountId } });
const bytesOf = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());

/** The brand files in local storage (tests run on disk unless S3_BUCKET is set). */
async function storedBrandFiles(): Promise<string[] | null> {
  if (process.env.S3_BUCKET) return null;
  const dir = path.join(process.env.STORAGE_DIR!, "accounts", accountId, "brand");
  return (await readdir(dir).catch(() => [])).sort();
}

describe("a workspace's JSON written at once", () => {
  // Each case runs a few rounds: how the writes interleave depends on timing, and one round may
  // not catch a lost write.
  const ROUNDS = 4;

  it("keeps every brand image uploaded at once, each readable, with no file left over", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const images = BRAND_IMAGE_KINDS.map((kind, i) => ({ kind, bytes: makePng(2 + i, 2 + round, [40 * i, 90, 200]) }));
      const uploaded = await Promise.all(images.map(({ kind, bytes }) => uploadBrandImage(admin, kind, bytes)));

      const row = await account();
      const brand = row.brand as Record<string, string>;
      const files = (row.metadata as { brandFiles: Record<string, { key: string }> }).brandFiles;
      for (const { kind, url } of uploaded) expect(brand[kind]).toBe(url);
      expect(Object.keys(files).sort()).toEqual([...BRAND_IMAGE_KINDS].sort());
      for (const { kind, bytes } of images) expect(await bytesOf((await getBrandImage(admin, kind)).stream)).toEqual(bytes);
      // The previous round's files were removed; no file is named by no row.
      const stored = await storedBrandFiles();
      if (stored)
        expect(stored).toEqual(
          Object.values(files)
            .map((file) => path.basename(file.key))
            .sort(),
        );
    }
  });

  it("keeps one file per kind when the same kind is uploaded twice at once", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const pictures = [makePng(3, 3 + round, [200, 0, 0]), makePng(4, 4 + round, [0, 200, 0])];
      await Promise.all(pictures.map((picture) => uploadBrandImage(admin, "logo", picture)));
      const row = await account();
      const file = (row.metadata as { brandFiles: Record<string, { key: string }> }).brandFiles.logo;
      expect(pictures).toContainEqual(await bytesOf((await getBrandImage(admin, "logo")).stream));
      // The brand names the upload whose file is kept; the other's file was removed.
      expect((row.brand as { logo: string }).logo).toContain(`?v=${file.key.match(/logo-([^.]+)\./)![1]}`);
      const stored = await storedBrandFiles();
      if (stored) expect(stored).toEqual([path.basename(file.key)]);
    }
  });

  it("keeps a brand image, a colour and logo addresses changed at once", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const color = `#12345${round}`;
      const [image] = await Promise.all([
        uploadBrandImage(admin, "avatar", makePng(2, 2 + round)),
        updateAccount(admin, { brand: { primaryColor: color } }),
        updateAccount(admin, { brand: { logo: `https://cdn.example.test/logo-${round}.png` } }),
        updateAccount(admin, { brand: { altLogo: `https://cdn.example.test/alt-${round}.png` } }),
      ]);
      const row = await account();
      expect(row.brand).toEqual({
        avatar: image.url,
        primaryColor: color,
        logo: `https://cdn.example.test/logo-${round}.png`,
        altLogo: `https://cdn.example.test/alt-${round}.png`,
      });
      expect((row.metadata as { brandFiles: Record<string, { key: string }> }).brandFiles.avatar.key).toContain(image.url.split("?v=")[1]);
    }
  });

  it("keeps the reference counter, a hidden category and other settings written at once", async () => {
    await updateAccount(admin, { settings: { refBuilder: "C-{counter}" } });
    const global = await db.category.create({ data: { name: `Global ${Date.now()}`, slug: `global-${Date.now()}`, global: true } });
    const documents = [1, 2, 3].map((n) => ({ name: `c${n}.docx`, bytes: makeDocx([`Contract ${n}`]) }));
    const [created] = await Promise.all([
      Promise.all(documents.map((file) => createDocumentFromUpload(admin, {}, file))),
      updateAccount(admin, { settings: { createTags: false } }),
      setCategoryHidden(admin, { id: global.id, hidden: true }),
      updateAccount(admin, { settings: { refModification: false } }),
    ]);
    const settings = (await account()).settings as Record<string, unknown>;
    expect(settings).toMatchObject({ refBuilder: "C-{counter}", refCounter: 3, createTags: false, refModification: false });
    expect(settings.hiddenCategories).toEqual([global.id]);
    expect(created.map((document) => document.ref).sort()).toEqual(["C-1", "C-2", "C-3"]);
  });
});

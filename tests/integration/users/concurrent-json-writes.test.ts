import { readdir } from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import type { ServiceContext } from "@/lib/auth/context";
import { db } from "@/lib/db";
import { recordWelcomeTour } from "@/lib/users/record-welcome-tour";
import { updateUser } from "@/lib/users/update-user";
import { updateUserMetadata } from "@/lib/users/update-user-metadata";
import { getUserAvatar, uploadUserAvatar } from "@/lib/users/user-avatar";
import { createUser, signedInAs } from "@/tests/factories";
import { makePng } from "@/tests/factories/images";

/**
 * A user's JSON columns written at the same time (two tabs, two devices, two app processes): each
 * write keeps the others' keys. Before, the picture's file reference (metadata.avatarFile) or a
 * flag could be dropped by a write that had read the metadata before it, leaving the stored
 * picture named by no row. The race needs a PostgreSQL server.
 */
let me: ServiceContext;
let userId: string;

beforeEach(async () => {
  userId = (await createUser()).id;
  me = (await signedInAs(userId)).ctx;
});

const user = () => db.user.findUniqueOrThrow({ where: { id: userId } });
const bytesOf = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());

/** The user's pictures in local storage (tests run on disk unless S3_BUCKET is set). */
async function storedAvatars(): Promise<string[] | null> {
  if (process.env.S3_BUCKET) return null;
  return (await readdir(path.join(process.env.STORAGE_DIR!, "users", userId)).catch(() => [])).sort();
}

describe("a user's JSON written at once", () => {
  it("keeps the picture uploaded while the metadata's flags are written", async () => {
    const picture = makePng(3, 2);
    const [uploaded, flags] = await Promise.all([
      uploadUserAvatar(me, picture),
      updateUserMetadata(me, { hasSeenWelcomeTourFlow: true }),
      recordWelcomeTour(me, { outcome: "finished", step: "done" }),
    ]);
    const row = await user();
    expect(row.avatar).toBe(uploaded.avatar);
    expect(row.metadata).toMatchObject({ hasSeenWelcomeTour: true, hasSeenWelcomeTourFlow: true, avatarFile: { mime: "image/png" } });
    expect(flags).toMatchObject({ hasSeenWelcomeTourFlow: true });
    expect(await bytesOf((await getUserAvatar(me)).stream)).toEqual(picture);
  });

  it("keeps one picture, named by the profile, when two are uploaded at once", async () => {
    const pictures = [makePng(2, 2, [255, 0, 0]), makePng(5, 5, [0, 0, 255])];
    await Promise.all(pictures.map((picture) => uploadUserAvatar(me, picture)));
    const row = await user();
    const file = (row.metadata as { avatarFile: { key: string } }).avatarFile;
    expect(row.avatar).toContain(`?v=${file.key.match(/avatar-([^.]+)\./)![1]}`);
    expect(pictures).toContainEqual(await bytesOf((await getUserAvatar(me)).stream));
    const stored = await storedAvatars();
    if (stored) expect(stored).toEqual([path.basename(file.key)]);
  });

  it("keeps both flags and both email preferences changed at once", async () => {
    await Promise.all([
      updateUserMetadata(me, { hasSeenWelcomeTour: true }),
      updateUserMetadata(me, { hasSeenWelcomeTourFlow: true }),
      updateUser(me, { emailPreferences: { tips: false } }),
      updateUser(me, { emailPreferences: { docSigned: false } }),
    ]);
    const row = await user();
    expect(row.metadata).toMatchObject({ hasSeenWelcomeTour: true, hasSeenWelcomeTourFlow: true });
    expect(row.emailPreferences).toEqual({ successApprovals: true, docSigned: false, signs: true, tips: false });
  });
});

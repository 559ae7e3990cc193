import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import * as avatarRoute from "@/app/vapp/users/avatar/route";
import { BRAND_IMAGE_MAX_BYTES } from "@/lib/accounts/brand-images";
import { storage } from "@/lib/storage/storage";
import { avatarFileOf } from "@/lib/users/user-avatar";
import { createAccount, createUser, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";

/** A 1×1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

const upload = (token: string | null, bytes: Uint8Array, name = "me.png") => {
  const form = new FormData();
  form.append("file", new File([bytes as BlobPart], name));
  return avatarRoute.POST(
    new Request("http://localhost:3000/vapp/users/avatar", {
      method: "POST",
      body: form,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    }),
  );
};
const fetchAvatar = (token: string) =>
  avatarRoute.GET(new Request("http://localhost:3000/vapp/users/avatar", { headers: { authorization: `Bearer ${token}` } }));

describe("user avatar (POST/GET /vapp/users/avatar)", () => {
  it("stores a PNG checked by its bytes, points the profile at it, serves it, and replaces the previous file", async () => {
    const user = await createUser();
    const { accessToken } = await signedInAs(user.id);
    expect((await fetchAvatar(accessToken)).status).toBe(404);

    const first = await upload(accessToken, PNG);
    expect(first.status).toBe(200);
    const { avatar } = (await first.json()) as { avatar: string };
    expect(avatar).toMatch(/^\/vapp\/users\/avatar\?v=/);
    const me = await graphql<{ me: { avatar: string } }>("{ me { avatar } }", { accessToken });
    expect(me.data?.me.avatar).toBe(avatar);

    const served = await fetchAvatar(accessToken);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const firstKey = avatarFileOf((await db.user.findUniqueOrThrow({ where: { id: user.id } })).metadata)!.key;
    const second = (await (await upload(accessToken, PNG)).json()) as { avatar: string };
    expect(second.avatar).not.toBe(avatar);
    expect(await storage().get(firstKey)).toBeNull();
    expect(await db.audit.count({ where: { userId: user.id, eventType: "user.avatarUploaded" } })).toBe(2);
  });

  it("refuses a file that is not an image (whatever its name says), an SVG and a file over 2 MB, changing nothing", async () => {
    const { account, owner } = await createAccount("Avatar");
    const { accessToken } = await signedInAs(owner.id, account.id);
    const notImage = await upload(accessToken, new TextEncoder().encode("MZ this is not an image"), "photo.png");
    expect(notImage.status).toBe(400);
    expect(((await notImage.json()) as { error: { code: string } }).error.code).toBe("FILE_TYPE_NOT_ALLOWED");
    const svg = await upload(
      accessToken,
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      "a.svg",
    );
    expect(((await svg.json()) as { error: { code: string } }).error.code).toBe("FILE_TYPE_NOT_ALLOWED");
    const big = new Uint8Array(BRAND_IMAGE_MAX_BYTES + 1);
    big.set(PNG);
    const tooBig = await upload(accessToken, big);
    expect(((await tooBig.json()) as { error: { code: string } }).error.code).toBe("FILE_TOO_LARGE");
    const stored = await db.user.findUniqueOrThrow({ where: { id: owner.id } });
    expect(stored.avatar).toBeNull();
    expect(avatarFileOf(stored.metadata)).toBeNull();
  });

  it("needs a signed-in user, and serves only the caller's own picture", async () => {
    // Signed out (and without a CSRF token): refused before anything is read.
    expect([401, 403]).toContain((await upload(null, PNG)).status);
    const alice = await createUser();
    const bob = await createUser();
    const { accessToken: aliceToken } = await signedInAs(alice.id);
    const { accessToken: bobToken } = await signedInAs(bob.id);
    await upload(aliceToken, PNG);
    expect((await fetchAvatar(bobToken)).status).toBe(404);
  });
});

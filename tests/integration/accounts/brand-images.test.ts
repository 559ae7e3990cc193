import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import * as brand from "@/app/vapp/accounts/brand/[kind]/route";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { params } from "@/tests/factories/http";

// A 1×1 transparent PNG.
const PNG = Uint8Array.from(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64"),
);

function upload(token: string, kind: string, bytes: Uint8Array, name = "logo.png", headers: Record<string, string> = {}) {
  const form = new FormData();
  form.set("file", new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  return brand.POST(
    new Request(`http://localhost:3000/vapp/accounts/brand/${kind}`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${token}`, ...headers },
    }),
    params({ kind }),
  );
}
const fetchImage = (token: string, kind: string, headers: Record<string, string> = {}) =>
  brand.GET(
    new Request(`http://localhost:3000/vapp/accounts/brand/${kind}`, { headers: { authorization: `Bearer ${token}`, ...headers } }),
    params({ kind }),
  );

describe("brand images", () => {
  it("stores a PNG checked by its bytes, points the brand at it, and serves it to members", async () => {
    const { account, owner } = await createAccount("Img");
    const { accessToken } = await signedInAs(owner.id, account.id);
    const response = await upload(accessToken, "logo", PNG);
    expect(response.status).toBe(200);
    const { url } = await response.json();
    expect(url).toMatch(/^\/vapp\/accounts\/brand\/logo\?v=/);
    expect(((await db.account.findUniqueOrThrow({ where: { id: account.id } })).brand as { logo: string }).logo).toBe(url);

    const guest = await addMember(account.id, "Guest");
    const { accessToken: guestToken } = await signedInAs(guest.id, account.id);
    const served = await fetchImage(guestToken, "logo");
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    expect((await upload(guestToken, "logo", PNG)).status).toBe(403);
  });

  it("refuses a renamed executable, an SVG and an oversized file, changing nothing", async () => {
    const { account, owner } = await createAccount("Img2");
    const { accessToken } = await signedInAs(owner.id, account.id);
    const exe = Uint8Array.from([0x4d, 0x5a, 0x90, 0x00, ...new Array(60).fill(0)]);
    const renamed = await upload(accessToken, "avatar", exe, "avatar.png", { "x-language": "es" });
    expect(renamed.status).toBe(400);
    const error = (await renamed.json()).error;
    expect(error.code).toBe("FILE_TYPE_NOT_ALLOWED");
    expect(error.message).toBe("Este tipo de archivo no está permitido.");
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await (await upload(accessToken, "avatar", svg, "a.svg")).json()).error.code).toBe("FILE_TYPE_NOT_ALLOWED");
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG);
    expect((await (await upload(accessToken, "avatar", big)).json()).error.code).toBe("FILE_TOO_LARGE");
    expect((await db.account.findUniqueOrThrow({ where: { id: account.id } })).brand).toEqual({});
    expect((await fetchImage(accessToken, "avatar")).status).toBe(404);
  });

  it("another workspace's header gets nothing", async () => {
    const a = await createAccount("ImgA");
    const b = await createAccount("ImgB");
    const { accessToken: tokenB } = await signedInAs(b.owner.id, b.account.id);
    await upload(tokenB, "logo", PNG);
    const { accessToken: tokenA } = await signedInAs(a.owner.id, a.account.id);
    expect((await fetchImage(tokenA, "logo", { "x-account-id": b.account.id })).status).toBe(403);
    expect((await fetchImage(tokenA, "logo")).status).toBe(404);
    expect((await upload(tokenA, "logo", PNG, "x.png", { "x-account-id": b.account.id })).status).toBe(403);
  });
});

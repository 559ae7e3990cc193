import { crc32, deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadBrandImage } from "@/lib/accounts/brand-images";
import { prepareFieldUploads } from "@/lib/documents/field-uploads";
import { db } from "@/lib/db";
import { errorBody } from "@/lib/http/error-response";
import { localizeAppError } from "@/lib/errors/localize-app-error";
import type { AppError } from "@/lib/errors/app-error";
import { imageSize } from "@/lib/files/image-size";
import type { Locale } from "@/lib/i18n/locales";
import { stopJobs } from "@/lib/jobs/queue";
import { signatureStamps, type SealSigner } from "@/lib/sealing/seal-inputs";
import { isDrawableImage } from "@/lib/sealing/stamp-signatures";
import { requestSignatures } from "@/lib/signatures/request-signatures";
import { signDocument } from "@/lib/signatures/sign-document";
import { checkFieldInput } from "@/lib/signatures/signature-input";
import { pngHasInk } from "@/lib/signatures/signature-ink";
import type { Variable } from "@/lib/templates/variables";
import { storage } from "@/lib/storage/storage";
import { uploadUserAvatar } from "@/lib/users/user-avatar";
import { makeJpegHeader, makePng } from "@/tests/factories/images";
import { addSigners, pdfContract, signerContext, signingToken } from "./helpers";

/**
 * Images are bounded by pixels, read from their header before anything decodes them (issue 37,
 * item 9): a 97 KB PNG of 5000 × 5000 pixels is refused as a signature, a picture or a logo past
 * 4096 pixels a side too, each with a sentence a person reads in their language; and sealing
 * never decodes a stored signature image past the bounds.
 */
let huge: Uint8Array;
beforeAll(() => {
  huge = makePng(5000, 5000);
});
afterAll(() => stopJobs());

const fieldMessage = (error: AppError, locale: Locale) =>
  (errorBody(localizeAppError(error, locale), locale).error.details?.fields as { message: string }[])[0]!.message;

describe("signature images", () => {
  it("refuses a 5000 × 5000 PNG signature, worded in English and Spanish, and signs nothing", async () => {
    expect(huge.byteLength).toBeLessThan(200_000);
    const { ctx, document } = await pdfContract("Bomb");
    const [signer] = await addSigners(ctx, document.id, [1]);
    await requestSignatures(ctx, document.id);
    const token = await signingToken(signer!.email);
    const started = Date.now();
    const error = (await signDocument(signerContext(token), {
      kind: "uploaded",
      files: [{ name: "s.png", bytes: huge, field: "signature" }],
    }).catch((e: unknown) => e)) as AppError;
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(error).toMatchObject({ code: "VALIDATION_FAILED", params: { fields: "signature" } });
    expect(fieldMessage(error, "en")).toBe("The signature image is too large: at most 2000 × 1000 pixels.");
    expect(fieldMessage(error, "es")).toBe("La imagen de la firma es demasiado grande: como máximo 2000 × 1000 píxeles.");
    // Initials have the same bounds, named as initials.
    const initials = (await signDocument(signerContext(token), {
      kind: "uploaded",
      files: [
        { name: "s.png", bytes: makePng(40, 20), field: "signature" },
        { name: "i.png", bytes: makePng(40, 1200), field: "initials" },
      ],
    }).catch((e: unknown) => e)) as AppError;
    expect(fieldMessage(initials, "es")).toBe("La imagen de las iniciales es demasiado grande: como máximo 2000 × 1000 píxeles.");
    expect((await db.signature.findUniqueOrThrow({ where: { id: signer!.id } })).signedAt).toBeNull();
    // At the bounds it signs.
    await signDocument(signerContext(token), {
      kind: "uploaded",
      files: [{ name: "s.png", bytes: makePng(2000, 1000), field: "signature" }],
    });
    expect((await db.signature.findUniqueOrThrow({ where: { id: signer!.id } })).signedAt).not.toBeNull();
  });

  it("refuses a signature or initials image too small or without ink (1 × 1, all transparent, all white), worded, and signs nothing", async () => {
    const { ctx, document } = await pdfContract("Speck");
    const [signer] = await addSigners(ctx, document.id, [1]);
    await requestSignatures(ctx, document.id);
    const token = await signingToken(signer!.email);
    const sign = (signature: Uint8Array, initials?: Uint8Array) =>
      signDocument(signerContext(token), {
        kind: "uploaded",
        files: [
          { name: "s.png", bytes: signature, field: "signature" },
          ...(initials ? [{ name: "i.png", bytes: initials, field: "initials" }] : []),
        ],
      }).catch((e: unknown) => e as AppError);
    const speck = (await sign(makePng(1, 1))) as AppError;
    expect(speck).toMatchObject({ code: "VALIDATION_FAILED", params: { fields: "signature" } });
    expect(fieldMessage(speck, "en")).toBe("The signature image is too small: at least 20 × 10 pixels.");
    expect(fieldMessage(speck, "es")).toBe("La imagen de la firma es demasiado pequeña: como mínimo 20 × 10 píxeles.");
    // A drawn pad left empty (all transparent) and a white image are no signature either.
    const transparent = (await sign(rgbaPng(300, 100, () => [0, 0, 0, 0]))) as AppError;
    expect(transparent).toMatchObject({ code: "VALIDATION_FAILED", params: { fields: "signature" } });
    expect(fieldMessage(transparent, "en")).toBe("The signature image is empty: draw, type or upload your signature.");
    const white = (await sign(makePng(300, 100, [255, 255, 255]))) as AppError;
    expect(fieldMessage(white, "ca")).toBe("La imatge de la signatura és buida: dibuixa, escriu o puja la teva signatura.");
    // Initials likewise, named as initials.
    const initials = (await sign(makePng(40, 20), makePng(19, 40))) as AppError;
    expect(initials).toMatchObject({ code: "VALIDATION_FAILED", params: { fields: "initials" } });
    expect(fieldMessage(initials, "pt-br")).toBe("A imagem das iniciais é pequena demais: no mínimo 20 × 10 pixels.");
    const blankInitials = (await sign(
      makePng(40, 20),
      rgbaPng(80, 40, () => [255, 255, 255, 255]),
    )) as AppError;
    expect(fieldMessage(blankInitials, "pt")).toBe("A imagem das iniciais está vazia: desenhe ou escreva as suas iniciais.");
    expect((await db.signature.findUniqueOrThrow({ where: { id: signer!.id } })).signedAt).toBeNull();
    // A stroke on a transparent pad, as the pad draws it, at the smallest size, signs.
    await sign(rgbaPng(20, 10, (x, y) => (y === 5 && x > 2 ? [30, 27, 75, 255] : [0, 0, 0, 0])));
    expect((await db.signature.findUniqueOrThrow({ where: { id: signer!.id } })).signedAt).not.toBeNull();
  });

  it("finds the ink of a PNG whatever its filters, and leaves a file it cannot read to the other checks", () => {
    const stroke = (x: number, y: number): Rgba => (x === y ? [0, 0, 0, 255] : [255, 255, 255, 255]);
    for (const filter of [0, 1, 2, 3, 4]) {
      expect(pngHasInk(rgbaPng(30, 30, stroke, filter))).toBe(true);
      expect(pngHasInk(rgbaPng(30, 30, () => [250, 250, 250, 255], filter))).toBe(false);
    }
    // Nearly transparent ink is no ink; a grey line on white is.
    expect(pngHasInk(rgbaPng(30, 30, (x) => (x === 3 ? [0, 0, 0, 10] : [0, 0, 0, 0])))).toBe(false);
    expect(pngHasInk(makePng(30, 30, [120, 120, 120]))).toBe(true);
    expect(pngHasInk(makeJpegHeader(30, 30))).toBeNull();
  });

  it("sealing draws a stored image past the bounds as text, never decoding it", async () => {
    expect(isDrawableImage(huge)).toBe(false);
    expect(isDrawableImage(makePng(2000, 1000))).toBe(true);
    expect(isDrawableImage(makeJpegHeader(2001, 10))).toBe(false);
    const key = `tests/pixel-bounds/${Date.now()}.png`;
    await storage().put(key, huge);
    const signer = {
      firstName: "Ana",
      lastName: "Pérez",
      email: "ana@example.test",
      image: key,
      initials: null,
      metadata: {},
      settings: {},
      placeholders: [{ keyName: "signature", settings: { page: 1, x: 0.1, y: 0.1, width: 0.3, height: 0.1 }, value: null, order: 1 }],
    } as unknown as SealSigner;
    const stamps = await signatureStamps([signer]);
    expect(stamps).toEqual([expect.objectContaining({ kind: "text", text: "Ana Pérez", style: "signature" })]);
    await storage().delete(key);
  });
});

describe("image fields", () => {
  it("refuses a picture past 4096 pixels a side for an image field, as a problem of that field", async () => {
    const photo = { name: "photo", label: "Photo", type: "image", required: true } as unknown as Variable;
    const { problems, attachments } = await prepareFieldUploads([photo], [{ name: "p.png", bytes: huge, field: "photo" }]);
    expect(attachments).toEqual([]);
    expect(problems).toEqual([expect.objectContaining({ path: "photo", code: "imagePixels" })]);
    expect(problems[0]!.message).toBe("The image is too large: at most 4096 × 4096 pixels.");
    // A signer's image field likewise, named by the field.
    const signer = await checkFieldInput(
      [{ keyName: "photo", fieldType: "image", required: true }],
      {},
      new Map([["photo", { name: "p.png", bytes: huge }]]),
    ).catch((e: unknown) => e as AppError);
    expect(signer).toMatchObject({ code: "VALIDATION_FAILED", params: { fields: "photo" } });
    expect(fieldMessage(signer as AppError, "ca")).toBe("La imatge és massa gran: com a màxim 4096 × 4096 píxels.");
    // An attachment is not decoded: any size its header gives is kept.
    const annex = await prepareFieldUploads(
      [{ ...photo, type: "attachment" } as Variable],
      [{ name: "p.png", bytes: huge, field: "photo" }],
    );
    expect(annex.problems).toEqual([]);
  });
});

describe("pictures and logos", () => {
  it("refuses a picture or a logo past 4096 pixels a side, worded, and takes one within", async () => {
    const { ctx } = await pdfContract("Logo");
    const wide = makePng(4097, 8);
    const avatar = await uploadUserAvatar(ctx, wide).catch((e: AppError) => e);
    expect(avatar).toMatchObject({ code: "VALIDATION_FAILED", params: { fields: "file" } });
    expect(fieldMessage(avatar as AppError, "en")).toBe("The picture is too large: at most 4096 × 4096 pixels.");
    const logo = await uploadBrandImage(ctx, "logo", huge).catch((e: AppError) => e);
    expect(fieldMessage(logo as AppError, "es")).toBe("El logotipo es demasiado grande: como máximo 4096 × 4096 píxeles.");
    expect(fieldMessage(logo as AppError, "pt-br")).toBe("O logotipo é grande demais: no máximo 4096 × 4096 pixels.");
    // A JPEG's size comes from its frame header, unread pixels and all.
    expect(await uploadBrandImage(ctx, "altLogo", makeJpegHeader(10, 5000)).catch((e: AppError) => e.code)).toBe("VALIDATION_FAILED");
    expect(await uploadBrandImage(ctx, "logo", makePng(4096, 4))).toMatchObject({ kind: "logo" });
  });

  it("reads the size of a WebP from each of its three headers", () => {
    const riff = (chunk: string, body: number[]) => {
      const bytes = new Uint8Array(40);
      bytes.set(new TextEncoder().encode("RIFF"), 0);
      bytes.set(new TextEncoder().encode("WEBP"), 8);
      bytes.set(new TextEncoder().encode(chunk), 12);
      bytes.set(body, 20);
      return bytes;
    };
    // VP8X: canvas 5000 × 300 (minus one, 24-bit little-endian, at 24 and 27).
    expect(imageSize(riff("VP8X", [0, 0, 0, 0, 0x87, 0x13, 0, 0x2b, 0x01, 0]))).toEqual({ width: 5000, height: 300 });
    // VP8: frame tag, start code, 14-bit width and height.
    expect(imageSize(riff("VP8 ", [0, 0, 0, 0x9d, 0x01, 0x2a, 0x88, 0x13, 0x2c, 0x01]))).toEqual({ width: 5000, height: 300 });
    // VP8L: signature, then width - 1 and height - 1 in 14 bits each.
    const bits = 4999 | (299 << 14);
    expect(imageSize(riff("VP8L", [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, bits >>> 24]))).toEqual({
      width: 5000,
      height: 300,
    });
  });
});

type Rgba = [number, number, number, number];

/** A PNG of RGBA pixels (8 bits), each row written with `filter` (0 none … 4 Paeth), as encoders choose. */
function rgbaPng(width: number, height: number, pixel: (x: number, y: number) => Rgba, filter = 0): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body) >>> 0, 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  const stride = width * 4;
  const raw = Buffer.alloc(height * (stride + 1));
  let previous = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const line = Buffer.from(Array.from({ length: width }, (_, x) => pixel(x, y)).flat());
    raw[y * (stride + 1)] = filter;
    for (let i = 0; i < stride; i++) {
      const left = i >= 4 ? line[i - 4]! : 0;
      const up = previous[i]!;
      const corner = i >= 4 ? previous[i - 4]! : 0;
      const p = left + up - corner;
      const paeth =
        Math.abs(p - left) <= Math.abs(p - up) && Math.abs(p - left) <= Math.abs(p - corner)
          ? left
          : Math.abs(p - up) <= Math.abs(p - corner)
            ? up
            : corner;
      const predictor = [0, left, up, (left + up) >> 1, paeth][filter]!;
      raw[y * (stride + 1) + 1 + i] = (line[i]! - predictor) & 0xff;
    }
    previous = line;
  }
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(raw)),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

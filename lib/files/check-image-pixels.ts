import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { imageSize } from "./image-size";

/** The most pixels an image may have on each side, after decoding. */
export type PixelBounds = { width: number; height: number };

/** What the refusal names: the image as the person knows it (errors.fields.imagePixels). */
export type ImageKind = "signature" | "initials" | "avatar" | "logo" | "image";

const NAMES: Record<ImageKind, string> = {
  signature: "signature image",
  initials: "initials image",
  avatar: "picture",
  logo: "logo",
  image: "image",
};

/**
 * The image's size read from its header (PNG IHDR, JPEG SOF, WebP VP8/VP8L/VP8X), never by
 * decoding it: a 97 KB PNG can hold 5000 × 5000 pixels, 100 MB once decoded (issue 37, item 9).
 * VALIDATION_FAILED at `path` past `bounds`, its field problem `imagePixels` worded for a
 * person; null when the header cannot be read (the caller decides whether that is damage).
 */
export function checkImagePixels(bytes: Uint8Array, bounds: PixelBounds, kind: ImageKind, path: string) {
  const size = imageSize(bytes);
  if (size && (size.width > bounds.width || size.height > bounds.height)) {
    const params = { kind, maxWidth: String(bounds.width), maxHeight: String(bounds.height) };
    const message = `The ${NAMES[kind]} is too large: at most ${bounds.width} × ${bounds.height} pixels.`;
    throw new AppError(AppErrorCode.VALIDATION_FAILED, {
      message,
      params: { fields: path },
      details: { fields: [{ path, code: "imagePixels", params, message }] },
    });
  }
  return size;
}

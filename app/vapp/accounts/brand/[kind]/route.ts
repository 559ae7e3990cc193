import { z } from "zod";
import { BRAND_IMAGE_KINDS, BRAND_IMAGE_MAX_BYTES, getBrandImage, tooLarge, uploadBrandImage } from "@/lib/accounts/brand-images";
import { AppError, AppErrorCode, missingParameter } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/http/parse-input";
import { route } from "@/lib/http/route";

const kindSchema = z.object({ kind: z.enum(BRAND_IMAGE_KINDS) });

/** Streams a brand image of the current workspace. */
export const GET = route({ operation: "getBrandImage" }, async ({ ctx, params }) => {
  const { kind } = parseInput(kindSchema, params, "getBrandImage");
  const image = await getBrandImage(ctx, kind);
  return new Response(image.stream, {
    headers: { "content-type": image.mime, "content-length": String(image.size), "cache-control": "private, max-age=31536000, immutable", "x-content-type-options": "nosniff" },
  });
});

/** Uploads a brand image: multipart/form-data with one `file`. */
export const POST = route({ operation: "uploadBrandImage" }, async ({ ctx, params, req }) => {
  const { kind } = parseInput(kindSchema, params, "uploadBrandImage");
  // Refuse before reading: the form adds little beyond the file itself.
  if (Number(req.headers.get("content-length") ?? 0) > BRAND_IMAGE_MAX_BYTES + 16 * 1024) throw tooLarge(BRAND_IMAGE_MAX_BYTES);
  const form = await req.formData().catch(() => {
    throw new AppError(AppErrorCode.VALIDATION_FAILED, { message: "Send the image as multipart/form-data.", params: { fields: "file" } });
  });
  const file = form.get("file");
  if (!(file instanceof Blob)) throw missingParameter("file", "uploadBrandImage");
  return uploadBrandImage(ctx, kind, new Uint8Array(await file.arrayBuffer()));
});

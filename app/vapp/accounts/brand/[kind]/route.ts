import { z } from "zod";
import { BRAND_IMAGE_KINDS, BRAND_IMAGE_MAX_BYTES, getBrandImage, tooLarge, uploadBrandImage } from "@/lib/accounts/brand-images";
import { AppError, AppErrorCode, missingParameter } from "@/lib/errors/app-error";
import { fileResponse } from "@/lib/http/file-response";
import { parseInput } from "@/lib/http/parse-input";
import { route } from "@/lib/http/route";

const kindSchema = z.object({ kind: z.enum(BRAND_IMAGE_KINDS) });

/** Streams a brand image of the current workspace, shown by an <img> of our pages. */
export const GET = route({ operation: "getBrandImage" }, async ({ ctx, params }) => {
  const { kind } = parseInput(kindSchema, params, "getBrandImage");
  const image = await getBrandImage(ctx, kind);
  return fileResponse(
    { stream: image.stream, size: image.size, mimetype: image.mime, fileName: `${kind}.${image.mime.split("/")[1]}` },
    { inline: true, cacheControl: "private, max-age=31536000, immutable" },
  );
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

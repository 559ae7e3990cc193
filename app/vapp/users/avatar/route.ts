import { BRAND_IMAGE_MAX_BYTES, tooLarge } from "@/lib/accounts/brand-images";
import { AppError, AppErrorCode, missingParameter } from "@/lib/errors/app-error";
import { fileResponse } from "@/lib/http/file-response";
import { route } from "@/lib/http/route";
import { getUserAvatar, uploadUserAvatar } from "@/lib/users/user-avatar";

/** Streams the signed-in user's picture, shown by an <img> of our pages. */
export const GET = route({ operation: "getUserAvatar" }, async ({ ctx }) => {
  const image = await getUserAvatar(ctx);
  return fileResponse(
    { stream: image.stream, size: image.size, mimetype: image.mime, fileName: `avatar.${image.mime.split("/")[1]}` },
    // The address changes (?v=) with each upload; the bare address is checked each time.
    { inline: true, cacheControl: "private, no-cache" },
  );
});

/** Uploads the signed-in user's picture: multipart/form-data with one `file`. Answers { avatar }. */
export const POST = route({ operation: "uploadUserAvatar" }, async ({ ctx, req }) => {
  // Refuse before reading: the form adds little beyond the file itself.
  if (Number(req.headers.get("content-length") ?? 0) > BRAND_IMAGE_MAX_BYTES + 16 * 1024) throw tooLarge(BRAND_IMAGE_MAX_BYTES);
  const form = await req.formData().catch(() => {
    throw new AppError(AppErrorCode.VALIDATION_FAILED, { message: "Send the image as multipart/form-data.", params: { fields: "file" } });
  });
  const file = form.get("file");
  if (!(file instanceof Blob)) throw missingParameter("file", "uploadUserAvatar");
  return uploadUserAvatar(ctx, new Uint8Array(await file.arrayBuffer()));
});

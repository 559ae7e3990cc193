import { z } from "zod";
import { fileResponse } from "@/lib/http/file-response";
import { defineOperation, fileOutput, uploadedFiles } from "@/lib/operations/operation";
import { BRAND_IMAGE_KINDS, getBrandImage, uploadBrandImage } from "./brand-images";
import { LIMITS } from "@/lib/validation/limits";

/** The workspace's avatar, logo and alternative logo (docs/api.md, "Accounts"), served to its members' pages. */
const kind = z.enum(BRAND_IMAGE_KINDS);

export const brandImage = defineOperation({
  name: "getBrandImage",
  kind: "download",
  description: "A brand image of the current workspace, for any member (NOT_FOUND when there is none).",
  callers: ["member", "apiToken"],
  // `v` changes with each upload: the address is cached for good.
  input: z.object({ kind, v: z.string().max(LIMITS.version).optional() }),
  output: fileOutput,
  run: async (ctx, input) => {
    const image = await getBrandImage(ctx, input.kind);
    return fileResponse(
      { stream: image.stream, size: image.size, mimetype: image.mime, fileName: `${input.kind}.${image.mime.split("/")[1]}` },
      { inline: true, cacheControl: "private, max-age=31536000, immutable" },
    );
  },
});

export const uploadBrandImageOperation = defineOperation({
  name: "uploadBrandImage",
  kind: "upload",
  description: "Stores a brand image: one PNG, JPEG or WebP file of at most 2 MB; the brand then points at it.",
  callers: ["member", "apiToken"],
  permission: "ManageAccount",
  upload: { maxFiles: 1 },
  input: z.object({ kind, files: uploadedFiles.length(1) }),
  output: z.object({ kind, url: z.string() }),
  // The service checks the picture's type by its bytes and its size (FILE_TOO_LARGE past 2 MB).
  run: (ctx, input) => uploadBrandImage(ctx, input.kind, input.files[0].bytes),
});

export const brandImageOperations = [brandImage, uploadBrandImageOperation];

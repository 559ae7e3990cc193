import { recordEmailOpen } from "@/lib/email/email-open";
import { route } from "@/lib/http/route";

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/**
 * The tracking image of a sent email (lib/email/email-open.ts): records the first open when the
 * signature holds. Always the same image, so the answer tells nothing about the email.
 */
export const GET = route({ operation: "emailOpened" }, async ({ params, req }) => {
  await recordEmailOpen(params.id, new URL(req.url).searchParams.get("sig"));
  return new Response(PIXEL, {
    headers: { "content-type": "image/gif", "cache-control": "no-store", "content-length": String(PIXEL.length) },
  });
});

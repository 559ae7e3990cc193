import { magicLinkLogin } from "@/lib/sign-in/sign-in-operations";
import { restRoute } from "@/lib/operations/rest";

/** Emails a sign-in link: `{ email, redirect? }` → `{ sent: true }`. */
export const POST = restRoute(magicLinkLogin);

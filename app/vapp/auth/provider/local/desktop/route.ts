import { loginDesktop } from "@/lib/sign-in/sign-in-operations";
import { restRoute } from "@/lib/operations/rest";

/** Password sign-in for desktop and other non-browser clients: tokens in the body, no cookies. */
export const POST = restRoute(loginDesktop, { credentialsInBody: true });

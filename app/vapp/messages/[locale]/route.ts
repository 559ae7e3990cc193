import { z } from "zod";
import { route } from "@/lib/http/route";
import { LOCALES } from "@/lib/i18n/locales";
import { getMessages, messagesVersion } from "@/lib/i18n/messages";
import { hasMessages, messagesText } from "@/lib/i18n/pick-messages";
import { LIMITS } from "@/lib/validation/limits";

/** "documentAccess", "signing.panel": a namespace or a message, as ClientMessages takes them. */
const KEY = /^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)*$/;
const MAX_KEYS = 40;

const input = z
  .object({
    locale: z.enum(LOCALES),
    keys: z
      .string()
      .max(2000)
      .transform((keys) => keys.split(","))
      .pipe(z.array(z.string().regex(KEY)).min(1).max(MAX_KEYS)),
    v: z.string().max(LIMITS.version).optional(),
  })
  .superRefine(({ locale, keys }, issues) => {
    for (const key of keys)
      if (!hasMessages(getMessages(locale), key))
        issues.addIssue({ code: "custom", path: ["keys"], message: `No messages under "${key}".` });
  });

/**
 * Messages of the interface language under the given keys, as JSON text: what a panel that loads
 * later reads (components/i18n/lazy-with-messages.tsx). The same for every visitor, so anyone may
 * ask; with the catalogue's current version (`v`), the browser keeps the answer for good.
 */
export const GET = route({ operation: "messages", input, withParams: true }, async ({ input: { locale, keys, v } }) => {
  const current = v === messagesVersion(locale);
  return new Response(messagesText(getMessages(locale), keys), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": current ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
});

import { cookies, headers } from "next/headers";
import { unstable_rethrow } from "next/navigation";
import { getRequestConfig } from "next-intl/server";
import { getPageContext } from "@/lib/auth/get-page-context";
import { requestLocale } from "@/lib/auth/get-request-context";
import { DEFAULT_TIME_ZONE, getUserTimeZone } from "@/lib/users/get-user-time-zone";
import { getMessages } from "@/lib/i18n/messages";

/**
 * The interface language of a page, as the request context resolved it: the signed-in user's
 * setting, else the visitor's choice (cookie), else the browser's languages, else English.
 * No locale in the URL. Dates show in the signed-in user's saved timezone, else UTC.
 *
 * When the context cannot be built (the database is unreachable), the language comes from the
 * request alone: the root layout still renders, and the page, whose own call fails the same way,
 * shows the error screen (app/error.tsx) in the visitor's language instead of the framework's.
 */
export default getRequestConfig(async () => {
  try {
    const { locale, userId, sessionUser } = await getPageContext();
    // A signed-in page's context read the user's timezone with the session: no statement here.
    return { locale, messages: getMessages(locale), timeZone: await getUserTimeZone(userId, sessionUser) };
  } catch (error) {
    // The framework's own signals (a static render reading the request) are not failures.
    unstable_rethrow(error);
    const [headerStore, cookieStore] = await Promise.all([headers(), cookies()]);
    const locale = requestLocale({ header: (name) => headerStore.get(name), cookie: (name) => cookieStore.get(name)?.value ?? null });
    return { locale, messages: getMessages(locale), timeZone: DEFAULT_TIME_ZONE };
  }
});

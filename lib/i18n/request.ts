import { getRequestConfig } from "next-intl/server";
import { getPageContext } from "@/lib/auth/get-page-context";
import { getUserTimeZone } from "@/lib/users/get-user-time-zone";
import { getMessages } from "./messages";

/**
 * The interface language of a page, as the request context resolved it: the signed-in user's
 * setting, else the visitor's choice (cookie), else the browser's languages, else English.
 * No locale in the URL. Dates show in the signed-in user's saved timezone, else UTC.
 */
export default getRequestConfig(async () => {
  const { locale, userId, sessionUser } = await getPageContext();
  // A signed-in page's context read the user's timezone with the session: no statement here.
  return { locale, messages: getMessages(locale), timeZone: await getUserTimeZone(userId, sessionUser) };
});

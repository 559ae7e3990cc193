import { getRequestConfig } from "next-intl/server";
import { getPageContext } from "@/lib/auth/get-page-context";
import { getMessages } from "./messages";

/**
 * The interface language of a page, as the request context resolved it: the signed-in user's
 * setting, else the visitor's choice (cookie), else the browser's languages, else English.
 * No locale in the URL.
 */
export default getRequestConfig(async () => {
  const { locale } = await getPageContext();
  return { locale, messages: getMessages(locale), timeZone: "UTC" };
});

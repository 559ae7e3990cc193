import type { ServiceContext } from "@/lib/auth/context";
import { getTranslator } from "@/lib/i18n/messages";
import { DOCUMENT_STATUSES } from "./status";

/** The status list query: key and label pairs in the caller's language. */
export function documentStatusList(ctx: ServiceContext) {
  const t = getTranslator(ctx.locale);
  return DOCUMENT_STATUSES.map((key) => ({ key, value: t(`documents.status.${key}`) }));
}

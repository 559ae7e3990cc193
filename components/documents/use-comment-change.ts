"use client";

/** The comment screens' change runner (alerts, then a reload) and its outcomes. */

import { useTranslations } from "@/lib/i18n/client";
import { useState } from "react";
import { useErrorText } from "@/components/auth/use-error-text";
import { useNotify } from "@/components/ui/notifications";

export type Outcome = { success: "sent" | "updated"; failure: "sendError" | "updateError" | "deleteError" };

/**
 * Runs a change with the usual alerts, then `after` (a reload); resolves true when it worked.
 * `takeOver` may handle a failure itself instead of the alert (true when it did).
 */
export function useCommentChange(after: () => Promise<void>, takeOver?: (error: unknown) => boolean) {
  const ta = useTranslations("alerts");
  const errorText = useErrorText();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  async function change(run: () => Promise<unknown>, { success, failure }: Outcome) {
    setBusy(true);
    try {
      await run();
      notify({ tone: "success", title: ta(success) });
      await after();
      return true;
    } catch (error) {
      if (!takeOver?.(error)) notify({ tone: "error", title: ta(failure), description: errorText(error) });
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, change };
}

export const SENT: Outcome = { success: "sent", failure: "sendError" };
export const UPDATED: Outcome = { success: "updated", failure: "updateError" };
export const DELETED: Outcome = { success: "updated", failure: "deleteError" };

"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useErrorText } from "@/components/auth/use-error-text";
import { useNotify } from "@/components/ui/notifications";

type AlertKey = "added" | "updated" | "saved" | "duplicated" | "published";
type ErrorKey = "createError" | "updateError" | "deleteError" | "cloneError" | "publishError";

/**
 * Runs one call with the spec's success and error alerts (section 8), refreshes the screen's
 * server data, and returns the call's result (undefined when it failed). The error alert is the
 * spec's generic one (title, then "try again or contact support"), like useSave's; the reason
 * in the interface language is `error`, for the screen to show beside what failed.
 */
export function useAction() {
  const ta = useTranslations("alerts");
  const errorText = useErrorText();
  const notify = useNotify();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run<T>(call: () => Promise<T>, success: AlertKey | null, failure: ErrorKey): Promise<T | undefined> {
    setBusy(true);
    setError(null);
    try {
      const result = await call();
      if (success) notify({ tone: "success", title: ta(success) });
      router.refresh();
      return result;
    } catch (err) {
      setError(errorText(err));
      notify({ tone: "error", title: ta(failure), description: ta("errorDescription") });
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  return { run, busy, error };
}

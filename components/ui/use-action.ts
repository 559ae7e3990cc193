"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useErrorAlert } from "@/components/ui/use-error-alert";
import { useNotify } from "@/components/ui/notifications";

type AlertKey = "added" | "updated" | "saved" | "duplicated" | "published" | "sent";
type ErrorKey = "createError" | "updateError" | "deleteError" | "cloneError" | "publishError" | "sendError";

/**
 * The one mutation hook: runs one call (usually `callOperation`, lib/client/operations.ts) with
 * the spec's success and error alerts (section 8), refreshes the screen's
 * server data, and returns the call's result (undefined when it failed). The error alert is
 * useErrorAlert's (the reason for a refusal, else "try again or contact support"); the reason
 * in the interface language is `error`, for the screen to show beside what failed. `failure` is
 * the alert's title key, or `{ title, description }` for a screen with its own description (billing).
 */
export function useAction() {
  const ta = useTranslations("alerts");
  const alertError = useErrorAlert();
  const notify = useNotify();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run<T>(
    call: () => Promise<T>,
    success: AlertKey | null,
    failure: ErrorKey | { title: ErrorKey; description: string },
  ): Promise<T | undefined> {
    setBusy(true);
    setError(null);
    try {
      const result = await call();
      if (success) notify({ tone: "success", title: ta(success) });
      router.refresh();
      return result;
    } catch (err) {
      setError(typeof failure === "string" ? alertError(err, ta(failure)) : alertError(err, ta(failure.title), failure.description));
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  return { run, busy, error };
}

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
 * server data, and returns the call's result (undefined when it failed).
 */
export function useAction() {
  const ta = useTranslations("alerts");
  const errorText = useErrorText();
  const notify = useNotify();
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function run<T>(call: () => Promise<T>, success: AlertKey | null, failure: ErrorKey): Promise<T | undefined> {
    setBusy(true);
    try {
      const result = await call();
      if (success) notify({ tone: "success", title: ta(success) });
      router.refresh();
      return result;
    } catch (error) {
      notify({ tone: "error", title: ta(failure), description: errorText(error) });
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  return { run, busy };
}

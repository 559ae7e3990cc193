"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useErrorText } from "@/components/auth/use-error-text";
import { useNotify } from "@/components/ui/notifications";

/** Runs a save, then refreshes the page and says "Saved", or shows the error inline and as an alert. */
export function useSave() {
  const ta = useTranslations("alerts");
  const errorText = useErrorText();
  const notify = useNotify();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save(action: () => Promise<unknown>, success = ta("saved")): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      await action();
      notify({ tone: "success", title: success });
      router.refresh();
      return true;
    } catch (err) {
      const text = errorText(err);
      setError(text);
      notify({ tone: "error", title: ta("updateError"), description: ta("errorDescription") });
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { save, busy, error };
}

"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useErrorAlert } from "@/components/ui/use-error-alert";
import { useNotify } from "@/components/ui/notifications";

/**
 * Runs a save, then refreshes the page and says "Saved"; on failure the reason is `error` (inline)
 * and the alert is the spec's generic one (section 8): `failure` as title ("Updating error"
 * unless told), "try again or contact support" as description.
 */
export function useSave() {
  const ta = useTranslations("alerts");
  const alertError = useErrorAlert();
  const notify = useNotify();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save(action: () => Promise<unknown>, success = ta("saved"), failure = ta("updateError")): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      await action();
      notify({ tone: "success", title: success });
      router.refresh();
      return true;
    } catch (err) {
      setError(alertError(err, failure));
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { save, busy, error };
}

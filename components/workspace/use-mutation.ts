"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useErrorAlert } from "@/components/ui/use-error-alert";
import { useNotify } from "@/components/ui/notifications";
import { graphqlRequest } from "@/lib/client/api";

type AlertKey = "added" | "updated" | "saved";
type ErrorKey = "createError" | "updateError" | "deleteError";

/**
 * Runs a GraphQL mutation with the spec's success and error alerts (section 8), then refreshes
 * the screen. The error alert is the generic one (title, then "try again or contact support"),
 * like useSave's and useAction's; the reason in the interface language is `error`, for the
 * screen to show inline.
 */
export function useMutation() {
  const ta = useTranslations("alerts");
  const alertError = useErrorAlert();
  const notify = useNotify();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function mutate(query: string, variables: Record<string, unknown>, success: AlertKey, failure: ErrorKey) {
    setBusy(true);
    setError(null);
    try {
      await graphqlRequest(query, variables);
      notify({ tone: "success", title: ta(success) });
      router.refresh();
      return true;
    } catch (err) {
      setError(alertError(err, ta(failure)));
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { mutate, busy, error };
}

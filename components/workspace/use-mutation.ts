"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useErrorText } from "@/components/auth/use-error-text";
import { useNotify } from "@/components/ui/notifications";
import { graphqlRequest } from "@/lib/client/api";

type AlertKey = "added" | "updated" | "saved";
type ErrorKey = "createError" | "updateError" | "deleteError";

/** Runs a GraphQL mutation with the spec's success and error alerts, then refreshes the screen. */
export function useMutation() {
  const ta = useTranslations("alerts");
  const errorText = useErrorText();
  const notify = useNotify();
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function mutate(query: string, variables: Record<string, unknown>, success: AlertKey, failure: ErrorKey) {
    setBusy(true);
    try {
      await graphqlRequest(query, variables);
      notify({ tone: "success", title: ta(success) });
      router.refresh();
      return true;
    } catch (error) {
      notify({ tone: "error", title: ta(failure), description: errorText(error) });
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { mutate, busy };
}

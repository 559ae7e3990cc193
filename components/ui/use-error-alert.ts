"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useErrorText } from "@/components/auth/use-error-text";
import { useNotify } from "@/components/ui/notifications";
import { ApiError } from "@/lib/client/api";

/** A refusal the person can act on (a taken name, a bad value, no permission), not a failure of ours. */
const isRefusal = (error: unknown) =>
  error instanceof ApiError && error.code !== "INTERNAL" && error.code !== "NETWORK" && error.status < 500;

/**
 * The error alert of spec section 8: `title` ("Updating error"…), then the reason when the
 * server refused the request for something the person can fix, else "try again or contact
 * support" (or the screen's own `description`, such as billing's "There was an error deleting your
 * payment method…"). Returns the reason in the interface language, for the screen to show inline too.
 */
export function useErrorAlert() {
  const ta = useTranslations("alerts");
  const errorText = useErrorText();
  const notify = useNotify();
  return (error: unknown, title: string, description?: string): string => {
    const reason = errorText(error);
    notify({ tone: "error", title, description: isRefusal(error) ? reason : (description ?? ta("errorDescription")) });
    return reason;
  };
}

"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { callOperation } from "@/lib/client/operations";
import { updateUserMetadataOp } from "@/lib/operations/routes/user";

/**
 * Hides the dashboard's next steps for this member: their metadata keeps hasDismissedNextSteps,
 * and the page is read again without the panel. The label comes from the server component.
 */
export function DismissNextSteps({ label }: { label: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      className="min-h-9 rounded-md px-2 text-sm text-zinc-600 underline underline-offset-2 hover:text-zinc-900 disabled:opacity-60"
      onClick={async () => {
        setBusy(true);
        try {
          await callOperation(updateUserMetadataOp, { hasDismissedNextSteps: true });
          router.refresh();
        } finally {
          setBusy(false);
        }
      }}
    >
      {label}
    </button>
  );
}

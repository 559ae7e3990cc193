"use client";

import { lazy, Suspense } from "react";

/**
 * The terms dialog (components/auth/tos-modal.tsx), in its own script: the shell renders it only
 * for a user who has not accepted the terms, so no other first load carries it or the dialog
 * code it brings (issue 15).
 */
const TosModal = lazy(() => import("@/components/auth/tos-modal").then((module) => ({ default: module.TosModal })));

/** The shell's terms dialog, fetched when it is shown. */
export function LazyTosModal({ firstName, termsUrl }: { firstName: string; termsUrl: string | null }) {
  return (
    <Suspense fallback={null}>
      <TosModal firstName={firstName} termsUrl={termsUrl} />
    </Suspense>
  );
}

"use client";

import { useTranslations } from "@/lib/i18n/client";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";

/**
 * The dialog (upload-document-dialog.tsx: the form, the upload and the upgrade prompt), fetched
 * on the first press of Upload and kept from then on, so closing it returns the focus here: the
 * list needs none of it before (issue 15).
 */
const UploadDocumentDialog = lazy(() => import("./upload-document-dialog").then((module) => ({ default: module.UploadDocumentDialog })));

/**
 * The documents list's Upload button: one document (it opens) or several at once (the import, a
 * paid feature that may open the upgrade prompt instead).
 */
export function UploadDocument({ folderId }: { folderId: string | null }) {
  const t = useTranslations("documents");
  const [open, setOpen] = useState(false);
  const [session, setSession] = useState(0);
  return (
    <>
      <Button onClick={() => (setSession((n) => n + 1), setOpen(true))}>{t("upload")}</Button>
      {session > 0 && (
        <Suspense fallback={null}>
          <UploadDocumentDialog folderId={folderId} open={open} session={session} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}

"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useState } from "react";
import { useErrorText } from "@/components/auth/use-error-text";
import { useNotify } from "@/components/ui/notifications";
import { ApiError } from "@/lib/client/api";
import { operationHref } from "@/lib/client/operations";
import { getDocumentPdfOp } from "@/lib/operations/routes/document-file";

/** The file name of a content-disposition header (its UTF-8 form first). */
function fileNameOf(disposition: string | null): string | null {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? null;
}

/**
 * Downloads a document version as PDF (the getDocumentPdf operation, the latest without `version`):
 * fetched first, so a failure is shown as a translated alert instead of the browser saving an
 * error page. A Word version that cannot be converted (no LibreOffice on the server) says so.
 */
export function usePdfDownload() {
  const t = useTranslations("documents");
  const errorText = useErrorText();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  async function download(documentId: string, version?: number) {
    setBusy(true);
    try {
      const response = await fetch(operationHref(getDocumentPdfOp, { id: documentId, version }), {
        credentials: "same-origin",
        headers: { "x-language": document.documentElement.lang || "en" },
      }).catch(() => {
        throw new ApiError("NETWORK", "network", "", 0);
      });
      if (!response.ok) {
        const error =
          ((await response.json().catch(() => null)) as { error?: { code?: string; type?: string; message?: string } } | null)?.error ?? {};
        throw new ApiError(error.code ?? "INTERNAL", error.type ?? "internal", error.message ?? "", response.status);
      }
      const url = URL.createObjectURL(await response.blob());
      const link = Object.assign(document.createElement("a"), {
        href: url,
        download: fileNameOf(response.headers.get("content-disposition")) ?? "document.pdf",
      });
      document.body.append(link);
      link.click();
      link.remove();
      // The click has handed the file to the browser; the blob can go once it has been read.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      const unavailable = error instanceof ApiError && error.code === "CONVERTER_UNAVAILABLE";
      notify({ tone: "error", title: t("pdfError"), description: unavailable ? t("pdfUnavailable") : errorText(error) });
    } finally {
      setBusy(false);
    }
  }

  return { download, busy };
}

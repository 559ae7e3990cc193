"use client";

/** The document a share link opened: name, status, role, the rendition or PDF, attachments and comments. */

import { useTranslations } from "@/lib/i18n/client";
import type { RefObject } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { operationRequest } from "@/lib/client/operations";
import { LinkComments, type LinkCall } from "./link-comments";
import { linkedAttachmentFileOp } from "@/lib/operations/routes/visitor";

export type LinkedDocument = {
  document: { id: string; name: string; status: string };
  account: { name: string };
  role: "reader" | "commenter" | "reviewer";
  /** The confirmed address on a secure link. */
  email: string | null;
  canDownload: boolean;
  file: { name: string; mimetype: string; size: number };
  /** Files kept with the document. */
  attachments: { id: string; name: string; mimetype: string; size: number }[];
  html: string | null;
};

/**
 * The rendition is shown in an iframe with no rights at all (sandbox=""), under a policy that
 * lets nothing load but inline styles and embedded images: the HTML is already cleaned on the
 * server, this is the second fence.
 */
const frameDocument = (html: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"><meta name="viewport" content="width=device-width, initial-scale=1"><style>body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;line-height:1.6;color:#18181b;margin:0 auto;padding:1.25rem;max-width:48rem;overflow-wrap:anywhere}img{max-width:100%;height:auto}table{border-collapse:collapse;max-width:100%}td,th{border:1px solid #d4d4d8;padding:.25rem .5rem;vertical-align:top}</style></head><body>${html}</body></html>`;

/** The opened document; downloads and comments go through the visit's token (`call`). */
export function SharedDocumentView({
  doc,
  linkId,
  busy,
  message,
  pdfUrl,
  heading,
  onDownload,
  call,
  onVisitEnded,
}: {
  doc: LinkedDocument;
  linkId: string;
  busy: boolean;
  message: { tone: "error" | "success"; text: string } | null;
  pdfUrl: string | null;
  heading: RefObject<HTMLHeadingElement | null>;
  onDownload: (request?: ReturnType<typeof operationRequest>, fileName?: string) => Promise<void>;
  call: LinkCall;
  onVisitEnded: (error: unknown) => void;
}) {
  const t = useTranslations("shareLinks.page");
  const tr = useTranslations("shareLinks.roles");
  const ts = useTranslations("documents.status");
  return (
    <article aria-labelledby="shared-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 id="shared-title" ref={heading} tabIndex={-1} className="break-words text-2xl font-semibold outline-none">
            {doc.document.name}
          </h1>
          <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-600">
            <span>
              {t("status", { status: ts.has(doc.document.status as never) ? ts(doc.document.status as never) : doc.document.status })}
            </span>
            <span>{t("role", { role: tr(doc.role) })}</span>
          </p>
        </div>
        {doc.canDownload && (
          <Button variant="secondary" busy={busy} onClick={() => void onDownload()}>
            {t("download")}
          </Button>
        )}
      </div>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      {doc.html !== null ? (
        <iframe
          title={t("preview", { name: doc.document.name })}
          sandbox=""
          referrerPolicy="no-referrer"
          srcDoc={frameDocument(doc.html)}
          className="h-[70vh] w-full rounded-lg border border-zinc-200 bg-white shadow-sm"
        />
      ) : pdfUrl ? (
        // An iframe, not <object>: the page policy allows no plugins (object-src 'none'), frames of blob: only.
        navigator.pdfViewerEnabled === false ? (
          <p className="rounded-lg border border-zinc-200 bg-white p-4 text-sm text-zinc-600">{t("pdfFallback")}</p>
        ) : (
          <iframe
            title={t("preview", { name: doc.document.name })}
            src={pdfUrl}
            className="h-[75vh] w-full rounded-lg border border-zinc-200 bg-white"
          />
        )
      ) : null}
      {doc.attachments.length > 0 && (
        <section aria-labelledby="shared-attachments" className="rounded-lg border border-zinc-200 bg-white p-4 shadow-sm">
          <h2 id="shared-attachments" className="mb-2 text-base font-semibold">
            {t("attachments")}
          </h2>
          <ul className="flex flex-col gap-1">
            {doc.attachments.map((file) => (
              <li key={file.id} className="flex flex-wrap items-center gap-2 text-sm" data-testid="shared-attachment">
                <span className="min-w-0 break-words">{file.name}</span>
                {doc.canDownload && (
                  <Button
                    variant="ghost"
                    disabled={busy}
                    onClick={() => void onDownload(operationRequest(linkedAttachmentFileOp, { attachmentId: file.id }), file.name)}
                    aria-label={t("downloadNamed", { name: file.name })}
                  >
                    {t("download")}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {doc.role !== "reader" && (
        <LinkComments
          linkId={linkId}
          role={doc.role}
          email={doc.email}
          accountName={doc.account.name}
          call={call}
          onVisitEnded={onVisitEnded}
        />
      )}
    </article>
  );
}

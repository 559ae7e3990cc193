import { getTranslations } from "next-intl/server";
import { operationHref } from "@/lib/client/operations";
import { SIGNED_PARAM } from "@/lib/signing/signing-links";
import { documentPageImageOp } from "@/lib/operations/routes/page-image";

type Box = { id: string; kind: string; keyName: string; page: number; x: number; y: number; width: number; height: number };

/**
 * The document as the signer sees it (server-rendered, no script): each page an <img> loaded
 * lazily from the page-image operation (the token as the `signed` query parameter), with the
 * signer's boxes highlighted over it; or, when there are no page images (a Word file without
 * LibreOffice), the document's HTML.
 */
export async function SignPages(props: {
  documentId: string;
  token: string;
  pageCount: number | null;
  html: string | null;
  placeholders: Box[];
}) {
  const t = await getTranslations("signing.sign");
  const { pageCount, placeholders } = props;
  const label = (box: Box) => (box.kind === "signature" ? t("boxSignature") : box.kind === "initials" ? t("boxInitials") : box.keyName);
  return (
    <section aria-labelledby="sign-pages-title" className="space-y-3">
      <h2 id="sign-pages-title" className="text-base font-semibold text-zinc-900">
        {t("pages")}
      </h2>
      {placeholders.length > 0 && <p className="text-sm text-zinc-600">{t("boxesHint")}</p>}
      {pageCount ? (
        <ol className="space-y-4">
          {Array.from({ length: pageCount }, (_, index) => index + 1).map((page) => (
            <li key={page} className="relative overflow-hidden rounded bg-white shadow-sm">
              {/* eslint-disable-next-line @next/next/no-img-element -- a page image from our own route, sized by the page */}
              <img
                src={`${operationHref(documentPageImageOp, { id: props.documentId, page })}?${SIGNED_PARAM}=${encodeURIComponent(props.token)}`}
                alt={t("pageAlt", { page, count: pageCount })}
                loading={page > 1 ? "lazy" : "eager"}
                // The first page is the screen's largest paint: fetched before the scripts (Lighthouse's LCP request discovery).
                fetchPriority={page === 1 ? "high" : "auto"}
                width={880}
                height={1245}
                className="block h-auto w-full"
              />
              {placeholders
                .filter((box) => box.page === page)
                .map((box) => (
                  <span
                    key={box.id}
                    data-testid={`box-${box.kind}`}
                    className="absolute flex items-center justify-center rounded border-2 border-dashed border-amber-500 bg-amber-100/60 text-xs font-medium text-amber-900"
                    style={{
                      left: `${box.x * 100}%`,
                      top: `${box.y * 100}%`,
                      width: `${box.width * 100}%`,
                      height: `${box.height * 100}%`,
                    }}
                  >
                    {label(box)}
                  </span>
                ))}
            </li>
          ))}
        </ol>
      ) : (
        <>
          <p className="text-sm text-zinc-600">{t("htmlNotice")}</p>
          {/* The HTML rendition is sanitised on the server (lib/files/docx.ts sanitizeRenditionHtml). */}
          <div className="prose max-w-none rounded bg-white p-4 shadow-sm" dangerouslySetInnerHTML={{ __html: props.html ?? "" }} />
        </>
      )}
    </section>
  );
}

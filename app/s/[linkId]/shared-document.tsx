"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useErrorText } from "@/components/auth/use-error-text";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { ApiError } from "@/lib/client/api";
import { callOperation, operationRequest } from "@/lib/client/operations";
import { LinkComments, type LinkCall } from "./link-comments";
import { LinkUnavailable } from "./link-unavailable";

type Tokens = { accessToken: string; refreshToken: string };
type Validation =
  | ({ status: "valid" } & Tokens & { expiresIn: number; role: string; document: { id: string; name: string } })
  | { status: "emailRequired" }
  | { status: "codeSent"; email: string };
type LinkedDocument = {
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
type Phase = "opening" | "email" | "code" | "ready" | "expired" | "failed";

/**
 * The rendition is shown in an iframe with no rights at all (sandbox=""), under a policy that
 * lets nothing load but inline styles and embedded images: the HTML is already cleaned on the
 * server, this is the second fence.
 */
const frameDocument = (html: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"><meta name="viewport" content="width=device-width, initial-scale=1"><style>body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;line-height:1.6;color:#18181b;margin:0 auto;padding:1.25rem;max-width:48rem;overflow-wrap:anywhere}img{max-width:100%;height:auto}table{border-collapse:collapse;max-width:100%}td,th{border:1px solid #d4d4d8;padding:.25rem .5rem;vertical-align:top}</style></head><body>${html}</body></html>`;

const storageKey = (linkId: string) => `share-link:${linkId}`;

/** Tokens live in sessionStorage (this tab only), never in a cookie. */
function readTokens(linkId: string): Tokens | null {
  try {
    const raw = sessionStorage.getItem(storageKey(linkId));
    const parsed = raw ? (JSON.parse(raw) as Tokens) : null;
    return parsed?.accessToken && parsed.refreshToken ? parsed : null;
  } catch {
    return null;
  }
}

function writeTokens(linkId: string, tokens: Tokens | null) {
  try {
    if (tokens)
      sessionStorage.setItem(storageKey(linkId), JSON.stringify({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }));
    else sessionStorage.removeItem(storageKey(linkId));
  } catch {
    // Private browsing without storage: the tokens stay in memory.
  }
}

/**
 * A call with the link access token; errors become ApiError like every other call. No cookies go
 * with it, so a write needs no CSRF token: the bearer token is the credential (lib/http/csrf.ts).
 */
async function linkFetch(request: ReturnType<typeof operationRequest>, accessToken: string): Promise<Response> {
  const hasBody = request.body !== undefined;
  const response = await fetch(request.url, {
    method: request.method,
    headers: {
      authorization: `Bearer ${accessToken}`,
      "x-language": document.documentElement.lang || "en",
      ...(hasBody ? { "content-type": "application/json" } : {}),
    },
    body: hasBody ? JSON.stringify(request.body) : undefined,
    credentials: "omit",
    cache: "no-store",
  }).catch(() => {
    throw new ApiError("NETWORK", "network", "", 0);
  });
  if (response.ok) return response;
  const error =
    (
      (await response.json().catch(() => null)) as {
        error?: { code?: string; type?: string; message?: string; details?: Record<string, unknown> };
      } | null
    )?.error ?? {};
  throw new ApiError(error.code ?? "INTERNAL", error.type ?? "internal", error.message ?? "", response.status, error.details);
}

const isCode = (error: unknown, ...codes: string[]) => error instanceof ApiError && codes.includes(error.code);

/** Opens a share link: validates it (asking a secure link's visitor for address and code), then shows the document. */
export function SharedDocument({ linkId }: { linkId: string }) {
  const t = useTranslations("shareLinks.page");
  const tr = useTranslations("shareLinks.roles");
  const ts = useTranslations("documents.status");
  const errorText = useErrorText();
  const [phase, setPhase] = useState<Phase>("opening");
  const [doc, setDoc] = useState<LinkedDocument | null>(null);
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [pdfUrl, setPdfUrl] = useState<string | null>(null);
  const tokens = useRef<Tokens | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const save = useCallback(
    (next: Tokens | null) => {
      tokens.current = next;
      writeTokens(linkId, next);
    },
    [linkId],
  );

  /** Runs a call with the access token, refreshing it once when it has aged out. */
  const withAccess: LinkCall = useCallback(
    async (request) => {
      const current = tokens.current;
      if (!current) throw new ApiError("UNAUTHENTICATED", "authentication", "", 401);
      try {
        return await linkFetch(request, current.accessToken);
      } catch (error) {
        if (!isCode(error, "SESSION_EXPIRED")) throw error;
        const fresh = await callOperation("refreshLink", { refreshToken: current.refreshToken });
        save(fresh);
        return linkFetch(request, fresh.accessToken);
      }
    },
    [save],
  );

  const fail = useCallback(
    (error: unknown) => {
      if (isCode(error, "LINK_EXPIRED")) {
        save(null);
        setPhase("expired");
        return;
      }
      setMessage({ tone: "error", text: errorText(error) });
      setPhase("failed");
    },
    [errorText, save],
  );

  const show = useCallback(async () => {
    const response = await withAccess(operationRequest("linkedDocument", {}));
    const loaded = (await response.json()) as LinkedDocument;
    setDoc(loaded);
    setMessage(null);
    setPhase("ready");
    if (loaded.html === null) {
      const file = await withAccess(operationRequest("linkedDocumentFile", { inline: "1" }));
      // Typed here, whatever the answer said: a blob: address is of our origin, so it must never be HTML.
      setPdfUrl(URL.createObjectURL(new Blob([await file.arrayBuffer()], { type: "application/pdf" })));
    }
  }, [withAccess]);

  const handle = useCallback(
    async (result: Validation) => {
      if (result.status === "emailRequired") {
        setPhase("email");
      } else if (result.status === "codeSent") {
        setEmail(result.email);
        setCode("");
        setPhase("code");
      } else {
        save(result);
        await show();
      }
    },
    [save, show],
  );

  const start = useCallback(async () => {
    setMessage(null);
    setPhase("opening");
    try {
      const stored = tokens.current ?? readTokens(linkId);
      if (stored) {
        tokens.current = stored;
        try {
          await show();
          return;
        } catch (error) {
          // Old or refused tokens: forget them and validate again; anything else is reported.
          if (!isCode(error, "UNAUTHENTICATED", "SESSION_EXPIRED")) throw error;
          save(null);
        }
      }
      await handle(await callOperation("validateLink", { linkId }));
    } catch (error) {
      fail(error);
    }
  }, [fail, handle, linkId, save, show]);

  /** The link expired (say so), or the visit ran out or the link became secure (open it again). */
  const visitEnded = useCallback(
    (error: unknown) => {
      if (isCode(error, "LINK_EXPIRED")) fail(error);
      else {
        save(null);
        void start();
      }
    },
    [fail, save, start],
  );

  // Validating is a call to the server: run it once, when the page is in the browser.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start();
  }, [start]);

  useEffect(() => {
    if (phase === "ready") heading.current?.focus();
  }, [phase]);

  useEffect(() => () => void (pdfUrl && URL.revokeObjectURL(pdfUrl)), [pdfUrl]);

  async function submit(event: FormEvent | { preventDefault(): void }, body: { email: string; code?: string }) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      await handle(await callOperation("validateLink", { ...body, linkId }));
      if (body.code === undefined && phase === "code") setMessage({ tone: "success", text: t("codeResent") });
    } catch (error) {
      if (error instanceof ApiError && error.code === "LINK_EXPIRED" && error.details?.reason === "address")
        setMessage({ tone: "error", text: t("addressRefused") });
      else if (error instanceof ApiError && error.details?.reason === "code") setMessage({ tone: "error", text: t("codeInvalid") });
      else if (isCode(error, "LINK_EXPIRED")) fail(error);
      else setMessage({ tone: "error", text: errorText(error) });
    } finally {
      setBusy(false);
    }
  }

  /** Downloads with the access token (a plain link could not carry it): the document's file or one attachment's. */
  async function download(request = operationRequest("linkedDocumentFile", {}), fileName = doc?.file.name ?? "") {
    if (!doc) return;
    setBusy(true);
    try {
      const response = await withAccess(request);
      const url = URL.createObjectURL(await response.blob());
      const anchor = document.createElement("a");
      anchor.href = url;
      anchor.download = fileName;
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      if (isCode(error, "LINK_EXPIRED", "UNAUTHENTICATED", "SESSION_EXPIRED")) visitEnded(error);
      else setMessage({ tone: "error", text: errorText(error) });
    } finally {
      setBusy(false);
    }
  }

  if (phase === "expired") return <LinkUnavailable title={t("unavailableTitle")} message={t("expired")} />;

  if (phase === "opening") {
    return (
      <p role="status" className="flex items-center gap-2 text-zinc-600">
        <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden />
        {t("opening")}
      </p>
    );
  }

  if (phase === "failed") {
    return (
      <section className="flex flex-col items-start gap-4 rounded-xl bg-white p-6 shadow-sm">
        {message && <Alert tone="error">{message.text}</Alert>}
        <Button onClick={() => void start()}>{t("retry")}</Button>
      </section>
    );
  }

  if (phase === "email" || phase === "code") {
    return (
      <section aria-labelledby="protected-title" className="mx-auto w-full max-w-md rounded-xl bg-white p-6 shadow-sm sm:p-8">
        <h1 id="protected-title" className="mb-2 text-xl font-semibold">
          {t("protectedTitle")}
        </h1>
        {phase === "email" ? (
          <form className="flex flex-col gap-4" onSubmit={(event) => submit(event, { email })}>
            <p className="text-zinc-600">{t("emailIntro")}</p>
            <TextField
              label={t("email")}
              type="email"
              name="email"
              autoComplete="email"
              required
              maxLength={254}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            {message && <Alert tone={message.tone}>{message.text}</Alert>}
            <Button type="submit" busy={busy}>
              {t("sendCode")}
            </Button>
          </form>
        ) : (
          <form className="flex flex-col gap-4" onSubmit={(event) => submit(event, { email, code })}>
            <p className="text-zinc-600">{t("codeIntro", { email })}</p>
            <TextField
              label={t("code")}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              minLength={6}
              maxLength={6}
              required
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
            />
            {message && <Alert tone={message.tone}>{message.text}</Alert>}
            <Button type="submit" busy={busy}>
              {t("open")}
            </Button>
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="ghost" disabled={busy} onClick={(event) => submit(event, { email })}>
                {t("resend")}
              </Button>
              <Button
                type="button"
                variant="ghost"
                disabled={busy}
                onClick={() => {
                  setMessage(null);
                  setPhase("email");
                }}
              >
                {t("otherEmail")}
              </Button>
            </div>
          </form>
        )}
      </section>
    );
  }

  if (!doc) return null;
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
          <Button variant="secondary" busy={busy} onClick={() => void download()}>
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
                    onClick={() => void download(operationRequest("linkedAttachmentFile", { attachmentId: file.id }), file.name)}
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
          call={withAccess}
          onVisitEnded={visitEnded}
        />
      )}
    </article>
  );
}

"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useErrorText } from "@/components/auth/use-error-text";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/client/api";
import { callOperation, operationRequest } from "@/lib/client/operations";
import type { LinkCall } from "./link-comments";
import { isCode, linkFetch } from "./link-fetch";
import { LinkAccessForm } from "./link-access-form";
import { readTokens, writeTokens, type Tokens } from "./link-tokens";
import { LinkUnavailable } from "./link-unavailable";
import { SharedDocumentView, type LinkedDocument } from "./shared-document-view";
import { refreshLinkOp, validateLinkOp } from "@/lib/operations/routes/link";
import { linkedDocumentFileOp, linkedDocumentOp } from "@/lib/operations/routes/visitor";

type Validation =
  | ({ status: "valid" } & Tokens & { expiresIn: number; role: string; document: { id: string; name: string } })
  | { status: "emailRequired" }
  | { status: "codeSent"; email: string };
type Phase = "opening" | "email" | "code" | "ready" | "expired" | "failed";

/** Opens a share link: validates it (asking a secure link's visitor for address and code), then shows the document. */
export function SharedDocument({ linkId }: { linkId: string }) {
  const t = useTranslations("shareLinks.page");
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
        const fresh = await callOperation(refreshLinkOp, { refreshToken: current.refreshToken });
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
    const response = await withAccess(operationRequest(linkedDocumentOp, {}));
    const loaded = (await response.json()) as LinkedDocument;
    setDoc(loaded);
    setMessage(null);
    setPhase("ready");
    if (loaded.html === null) {
      const file = await withAccess(operationRequest(linkedDocumentFileOp, { inline: "1" }));
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
      await handle(await callOperation(validateLinkOp, { linkId }));
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
      await handle(await callOperation(validateLinkOp, { ...body, linkId }));
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
  async function download(request = operationRequest(linkedDocumentFileOp, {}), fileName = doc?.file.name ?? "") {
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
      <LinkAccessForm
        phase={phase}
        email={email}
        code={code}
        message={message}
        busy={busy}
        onEmail={setEmail}
        onCode={setCode}
        onSubmit={submit}
        onOtherEmail={() => {
          setMessage(null);
          setPhase("email");
        }}
      />
    );
  }

  if (!doc) return null;
  return (
    <SharedDocumentView
      doc={doc}
      linkId={linkId}
      busy={busy}
      message={message}
      pdfUrl={pdfUrl}
      heading={heading}
      onDownload={download}
      call={withAccess}
      onVisitEnded={visitEnded}
    />
  );
}

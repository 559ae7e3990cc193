"use client";

import { useFormatter, useTranslations } from "@/lib/i18n/client";
import dynamic from "next/dynamic";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/client/api";
import { signedHeaders, uploadOperation, type OperationOutput } from "@/lib/client/operations";
import type { Variable } from "@/lib/templates/variables";
import { signingFailedPath, type SigningLinkFailure } from "@/lib/signing/signing-links";
import { linkFailure, signedCall, signedFile } from "./signed-call";
import {
  approvalFileOp,
  approvalMessagesOp,
  fetchValidApprovalOp,
  reviewDocumentOp,
  reviseApprovalDocumentOp,
  sendApprovalMessageOp,
} from "@/lib/operations/routes/approval";
import { LIMITS } from "@/lib/validation/limits";

type Valid = OperationOutput<"fetchValidApproval">;
type Message = OperationOutput<"approvalMessages">["items"][number];

/** A Word file's sanitised HTML, in a frame with no rights and a policy that loads nothing (as share links do). */
const frameDocument = (html: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"><meta name="viewport" content="width=device-width, initial-scale=1"><style>body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;line-height:1.6;color:#18181b;margin:0 auto;padding:1rem;max-width:48rem;overflow-wrap:anywhere}img{max-width:100%;height:auto}table{border-collapse:collapse;max-width:100%}td,th{border:1px solid #d4d4d8;padding:.25rem .5rem;vertical-align:top}</style></head><body>${html}</body></html>`;

/** The field editor members use, loaded only for a reviewer who may change a template's fields. */
const CreateDocumentForm = dynamic(() => import("@/components/templates/create-document-form").then((m) => m.CreateDocumentForm));

const PAGE = 20;
const textarea = "min-h-24 w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-500";

/** The reviewer's screen: the document, the thread, and approve or reject (components hold no URL: named operations only). */
export function ReviewScreen({ token }: { token: string }) {
  const t = useTranslations("review");
  const format = useFormatter();
  const [valid, setValid] = useState<Valid | null>(null);
  const [pdfUrl, setPdfUrl] = useState<string | null>(null);
  const [messages, setMessages] = useState<Message[]>([]);
  const [earlier, setEarlier] = useState<string | null>(null);
  const [draft, setDraft] = useState("");
  const [comment, setComment] = useState("");
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [decided, setDecided] = useState<"approved" | "rejected" | null>(null);
  const [revised, setRevised] = useState<number | null>(null);
  const [loads, setLoads] = useState(0);
  const [revision, setRevision] = useState<File | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  /**
   * Set while the decision is sent and after: the document's reload after a revision may still be
   * on its way, and once the review is decided the link answers that it is completed, which must
   * not send the reviewer who just decided to the failure page.
   */
  const deciding = useRef(false);

  const fail = useCallback(
    (caught: unknown) => {
      const reason = linkFailure(caught);
      if (reason) window.location.replace(signingFailedPath("approval", reason as SigningLinkFailure));
      else setError(t("error"));
    },
    [t],
  );

  useEffect(() => {
    let active = true;
    (async () => {
      try {
        const loaded = await signedCall(fetchValidApprovalOp, {}, token);
        if (!active) return;
        setValid(loaded);
        const page = await signedCall(approvalMessagesOp, { approvalId: loaded.approval.id, size: PAGE }, token);
        if (!active) return;
        setMessages(page.items);
        setEarlier(page.nextCursorId);
        if (loaded.html === null) {
          const blob = await signedFile(approvalFileOp, { inline: "1" }, token);
          if (active) setPdfUrl(URL.createObjectURL(new Blob([blob], { type: "application/pdf" })));
        }
      } catch (caught) {
        if (active && !deciding.current) fail(caught);
      }
    })();
    return () => {
      active = false;
    };
  }, [token, fail, loads]);
  useEffect(() => () => void (pdfUrl && URL.revokeObjectURL(pdfUrl)), [pdfUrl]);
  useEffect(() => heading.current?.focus(), [decided]);

  async function act(name: string, work: () => Promise<void>) {
    setBusy(name);
    setError(null);
    try {
      await work();
    } catch (caught) {
      fail(caught);
    } finally {
      setBusy(null);
    }
  }

  const loadEarlier = () =>
    act("earlier", async () => {
      const page = await signedCall(approvalMessagesOp, { approvalId: valid!.approval.id, size: PAGE, cursorId: earlier! }, token);
      setMessages((current) => [...current, ...page.items]);
      setEarlier(page.nextCursorId);
    });

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim()) return;
    return act("message", async () => {
      const sent = await signedCall(sendApprovalMessageOp, { approvalId: valid!.approval.id, data: draft.trim() }, token);
      setMessages((current) => [sent, ...current]);
      setDraft("");
    });
  };

  const decide = (isApproved: boolean) =>
    act(isApproved ? "approve" : "reject", async () => {
      deciding.current = true;
      try {
        await signedCall(
          reviewDocumentOp,
          { id: valid!.approval.id, isApproved, ...(comment.trim() ? { comment: comment.trim() } : {}) },
          token,
        );
      } catch (caught) {
        deciding.current = false;
        throw caught;
      }
      setDecided(isApproved ? "approved" : "rejected");
    });

  /** A change the reviewer saved: say which version it made and show the document again. */
  const afterRevision = (version: number) => {
    setRevised(version);
    setLoads((n) => n + 1);
  };

  /** Their own operation (the signed header); a refusal they can act on is said in words, a dead link goes to its page. */
  async function revise(values: Record<string, unknown> | undefined, parts: [string, File][]) {
    try {
      const result = await uploadOperation(
        reviseApprovalDocumentOp,
        { id: valid!.approval.id, ...(values ? { values: values as Record<string, never> } : {}) },
        parts,
        signedHeaders(token),
      );
      afterRevision(result.version);
    } catch (caught) {
      if (linkFailure(caught)) fail(caught);
      throw caught;
    }
  }

  const uploadRevision = (event: FormEvent) => {
    event.preventDefault();
    if (!revision) return;
    setBusy("revision");
    setError(null);
    setRevised(null);
    revise(undefined, [["field:file", revision]])
      .then(() => setRevision(null))
      // The server's reason comes in the request's language.
      .catch((caught) =>
        setError(
          caught instanceof ApiError && caught.message && caught.code !== "INTERNAL" && caught.code !== "NETWORK"
            ? caught.message
            : t("error"),
        ),
      )
      .finally(() => setBusy(null));
  };

  const download = () =>
    act("download", async () => {
      const url = URL.createObjectURL(await signedFile(approvalFileOp, {}, token));
      const anchor = document.createElement("a");
      anchor.href = url;
      anchor.download = valid!.file.name;
      anchor.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    });

  return (
    <div className="min-h-screen bg-zinc-100">
      <header className="border-b border-zinc-200 bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-3">
          <span className="font-semibold text-brand-700">{t("title")}</span>
          {valid && <span className="text-sm text-zinc-600">{t("askedBy", { account: valid.account.name })}</span>}
        </div>
      </header>
      <main className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-6">
        {error && <Alert tone="error">{error}</Alert>}
        {!valid ? (
          <p className="text-zinc-600" role="status">
            {t("loading")}
          </p>
        ) : decided ? (
          <section className="rounded-lg border border-zinc-200 bg-white p-6" data-testid="review-done" data-outcome={decided}>
            <h1 ref={heading} tabIndex={-1} className="text-xl font-semibold text-zinc-900">
              {t(decided === "approved" ? "approvedTitle" : "rejectedTitle")}
            </h1>
            <p className="mt-2 text-zinc-700">{valid.document.name}</p>
            <p className="mt-3 text-zinc-600">{t("doneBody", { account: valid.account.name })}</p>
          </section>
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h1 ref={heading} tabIndex={-1} className="text-xl font-semibold break-words text-zinc-900">
                {valid.document.name}
              </h1>
              {valid.approval.settings.allowDownload && (
                <Button variant="secondary" className="min-h-12" busy={busy === "download"} onClick={download}>
                  {t("download")}
                </Button>
              )}
            </div>
            {valid.approval.message && (
              <div className="rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-zinc-800">
                <p className="font-medium">{t("requesterMessage")}</p>
                <p className="mt-1 whitespace-pre-wrap">{valid.approval.message}</p>
              </div>
            )}
            {valid.html !== null ? (
              <iframe
                title={t("documentFrame")}
                sandbox=""
                referrerPolicy="no-referrer"
                srcDoc={frameDocument(valid.html)}
                className="h-[60vh] w-full rounded-lg border border-zinc-200 bg-white"
              />
            ) : pdfUrl ? (
              <iframe title={t("documentFrame")} src={pdfUrl} className="h-[60vh] w-full rounded-lg border border-zinc-200 bg-white" />
            ) : (
              <p className="text-zinc-600">{t("loading")}</p>
            )}

            {revised !== null && (
              <Alert tone="success">
                <span data-testid="review-revised">{t("revised", { version: revised })}</span>
              </Alert>
            )}
            {valid.approval.settings.allowModification && valid.modification && (
              <section
                aria-labelledby="review-change"
                className="rounded-lg border border-zinc-200 bg-white p-4"
                data-testid="review-change"
              >
                <h2 id="review-change" className="font-semibold text-zinc-900">
                  {t("change")}
                </h2>
                {valid.modification.kind === "values" ? (
                  <>
                    <p className="mt-1 text-sm text-zinc-600">{t("changeValuesHelp")}</p>
                    <div className="mt-3">
                      <CreateDocumentForm
                        key={loads}
                        templateId=""
                        templateName={valid.modification.templateName ?? ""}
                        variables={valid.modification.variables as Variable[]}
                        currency={valid.modification.currency}
                        globals={valid.modification.globals}
                        maxUploadBytes={valid.modification.maxUploadBytes}
                        editing={{
                          documentId: valid.document.id,
                          values: valid.modification.values,
                          files: valid.modification.files,
                          onDone: () => undefined,
                          save: (values, parts) => revise(values, parts),
                        }}
                      />
                    </div>
                  </>
                ) : (
                  <form onSubmit={uploadRevision} className="mt-2 flex flex-col gap-2">
                    <p className="text-sm text-zinc-600">{t("changeFileHelp")}</p>
                    <label htmlFor="review-revision" className="text-sm font-medium text-zinc-700">
                      {t("revisedFile")}
                    </label>
                    <input
                      id="review-revision"
                      type="file"
                      accept=".docx,.pdf,.doc,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/msword"
                      className="text-sm"
                      onChange={(e) => setRevision(e.target.files?.[0] ?? null)}
                    />
                    <Button
                      type="submit"
                      variant="secondary"
                      className="min-h-12 self-start"
                      busy={busy === "revision"}
                      disabled={!revision}
                    >
                      {t("uploadRevision")}
                    </Button>
                  </form>
                )}
              </section>
            )}

            <section aria-labelledby="review-thread" className="rounded-lg border border-zinc-200 bg-white p-4">
              <h2 id="review-thread" className="font-semibold text-zinc-900">
                {t("thread")}
              </h2>
              {earlier && (
                <Button variant="ghost" className="mt-2 min-h-12" busy={busy === "earlier"} onClick={loadEarlier}>
                  {t("loadEarlier")}
                </Button>
              )}
              {messages.length === 0 ? (
                <p className="mt-2 text-sm text-zinc-600">{t("noMessages")}</p>
              ) : (
                <ol className="mt-2 flex flex-col gap-2" data-testid="review-thread">
                  {[...messages].reverse().map((m) => (
                    <li key={m.id} className={`rounded-md p-2 text-sm ${m.byReviewer ? "bg-brand-50" : "bg-zinc-50"}`}>
                      <p className="text-xs text-zinc-500">
                        <span className="font-medium text-zinc-700">{m.byReviewer ? t("you") : m.authorName}</span>{" "}
                        {format.dateTime(new Date(m.createdAt), { dateStyle: "medium", timeStyle: "short" })}
                      </p>
                      <p className="mt-1 whitespace-pre-wrap text-zinc-800">{m.message}</p>
                    </li>
                  ))}
                </ol>
              )}
              {valid.approval.settings.allowComment && (
                <form onSubmit={send} className="mt-3 flex flex-col gap-2">
                  <label htmlFor="review-message" className="text-sm font-medium text-zinc-700">
                    {t("messageLabel")}
                  </label>
                  <textarea
                    id="review-message"
                    className={textarea}
                    value={draft}
                    maxLength={LIMITS.comment}
                    onChange={(e) => setDraft(e.target.value)}
                  />
                  <Button
                    type="submit"
                    variant="secondary"
                    className="min-h-12 self-start"
                    busy={busy === "message"}
                    disabled={!draft.trim()}
                  >
                    {t("sendMessage")}
                  </Button>
                </form>
              )}
            </section>

            <section aria-labelledby="review-decision" className="rounded-lg border border-zinc-200 bg-white p-4">
              <h2 id="review-decision" className="font-semibold text-zinc-900">
                {t("decision")}
              </h2>
              <label htmlFor="review-comment" className="mt-2 block text-sm font-medium text-zinc-700">
                {t("commentLabel")}
              </label>
              <textarea
                id="review-comment"
                className={`${textarea} mt-1`}
                value={comment}
                maxLength={LIMITS.comment}
                onChange={(e) => setComment(e.target.value)}
              />
              <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
                <Button className="min-h-12 text-base" busy={busy === "approve"} disabled={busy !== null} onClick={() => decide(true)}>
                  {t("approve")}
                </Button>
                <Button
                  variant="danger"
                  className="min-h-12 text-base"
                  busy={busy === "reject"}
                  disabled={busy !== null}
                  onClick={() => decide(false)}
                >
                  {t("reject")}
                </Button>
              </div>
            </section>
          </>
        )}
      </main>
    </div>
  );
}

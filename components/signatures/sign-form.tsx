"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useRef, useState, type FormEvent } from "react";
import { ApiError } from "@/lib/client/api";
import { callOperation, signedHeaders, uploadOperation } from "@/lib/client/operations";
import { SIGNED_PARAM, signingFailedPath, thanksPath, type SigningLinkFailure } from "@/lib/signing/signing-links";
import { DeclineForm } from "./decline-form";
import { SignaturePad, textToPng, type SignaturePadHandle } from "./signature-pad";
import { declineSignatureOp, signDocumentOp } from "@/lib/operations/routes/signature";
import { LIMITS } from "@/lib/validation/limits";

type Field = { name: string; type: string; required: boolean };
type Kind = "drawn" | "typed" | "uploaded";

const UPLOAD_TYPES = ["attachment", "file", "image"];
const input = "block min-h-11 w-full rounded border border-zinc-300 bg-white px-3 py-2 text-base";
const label = "block text-sm font-medium text-zinc-800";

/**
 * The signer's form (issue 16): the signature drawn, typed or uploaded, the id number, initials
 * when asked, the fields they fill, their own certificate when allowed; Sign, or Decline with a
 * reason. Calls carry the link's token in the `signed` header. Phone first: large targets.
 */
export function SignForm(props: {
  token: string;
  signatureId: string;
  name: string;
  allowDraw: boolean;
  allowCertificate: boolean;
  needsInitials: boolean;
  fields: Field[];
  /** The app's terms of service (TERMS_URL), linked beside the agreement in a new tab; null: none published. */
  termsUrl?: string | null;
}) {
  const t = useTranslations("signing.sign");
  const [kind, setKind] = useState<Kind>(props.allowDraw ? "drawn" : "typed");
  const [typed, setTyped] = useState(props.name);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [declined, setDeclined] = useState(false);
  const pad = useRef<SignaturePadHandle>(null);
  const initialsPad = useRef<SignaturePadHandle>(null);
  const [initialsKind, setInitialsKind] = useState<"drawn" | "typed">("typed");
  const headers = signedHeaders(props.token);

  // Not their turn: with the token, so the failed page says so only while it is true.
  const failedPath = (reason: SigningLinkFailure) =>
    reason === "notYourTurn"
      ? signingFailedPath("signature", reason) + `&${SIGNED_PARAM}=${encodeURIComponent(props.token)}`
      : signingFailedPath("signature", reason);
  const fail = (caught: unknown) => {
    if (caught instanceof ApiError && caught.code === "SIGNING_LINK_INVALID") {
      window.location.assign(failedPath(((caught.details?.reason as string) ?? "invalid") as SigningLinkFailure));
      return;
    }
    if (!(caught instanceof ApiError) || caught.code === "INTERNAL" || caught.code === "NETWORK") return setError(t("failed"));
    // The server's sentence, in the request's language (TOO_MANY_ATTEMPTS, for wrong certificate
    // passwords, says when to try again); for one broken field, that field's own sentence ("The
    // signature image is too large: at most 2000 × 1000 pixels.").
    const fields = caught.details?.fields as { message?: string }[] | undefined;
    setError((fields?.length === 1 && fields[0]?.message) || caught.message || t("failed"));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const form = new FormData(event.currentTarget);
    const parts: [string, File][] = [];
    let image: Blob | null = null;
    if (kind === "drawn") image = (await pad.current?.toPng()) ?? null;
    if (kind === "typed" && typed.trim()) image = await textToPng(typed.trim());
    if (kind === "uploaded") {
      const file = form.get("signatureFile");
      image = file instanceof File && file.size > 0 ? file : null;
    }
    if (!image) return setError(t("signatureMissing"));
    parts.push(["field:signature", new File([image], "signature.png", { type: image.type || "image/png" })]);
    if (props.needsInitials) {
      const initials = String(form.get("initials") ?? "").trim();
      const png = initialsKind === "drawn" ? await initialsPad.current?.toPng() : initials ? await textToPng(initials, 80) : null;
      if (!png) return setError(t("initialsMissing"));
      parts.push(["field:initials", new File([png], "initials.png", { type: "image/png" })]);
    }
    const data: Record<string, string> = {};
    for (const field of props.fields) {
      const value = form.get(`field-${field.name}`);
      if (value instanceof File) {
        if (value.size > 0) parts.push([`field:${field.name}`, value]);
      } else if (value) data[field.name] = String(value);
    }
    const certificate = form.get("certificate");
    if (certificate instanceof File && certificate.size > 0) parts.push(["field:certificate", certificate]);
    setBusy(true);
    try {
      await uploadOperation(
        signDocumentOp,
        {
          id: props.signatureId,
          kind,
          ...(kind === "typed" ? { typedName: typed.trim() } : {}),
          ...(kind === "drawn" ? { timeline: pad.current?.timeline() } : {}),
          idNumber: String(form.get("idNumber") ?? "").trim() || undefined,
          data,
          password: String(form.get("password") ?? "") || undefined,
        },
        parts,
        headers,
      );
      window.location.assign(thanksPath(props.token));
    } catch (caught) {
      fail(caught);
      setBusy(false);
    }
  }

  async function decline(reason: string) {
    setBusy(true);
    try {
      await callOperation(declineSignatureOp, { id: props.signatureId, reason }, headers);
      setDeclined(true);
    } catch (caught) {
      fail(caught);
    } finally {
      setBusy(false);
    }
  }

  if (declined)
    return (
      <p role="status" className="rounded bg-white p-4 text-zinc-800">
        {t("declined")}
      </p>
    );

  const tabs: [Kind, string][] = [
    ...(props.allowDraw ? ([["drawn", t("tabDraw")]] as [Kind, string][]) : []),
    ["typed", t("tabType")],
    ["uploaded", t("tabUpload")],
  ];
  return (
    <div className="space-y-6">
      <form onSubmit={submit} className="space-y-5 rounded bg-white p-4 shadow-sm" aria-labelledby="sign-title" noValidate>
        <h2 id="sign-title" className="text-base font-semibold text-zinc-900">
          {t("signature")}
        </h2>
        <div role="tablist" className="grid grid-cols-3 gap-2">
          {tabs.map(([value, text]) => (
            <button
              key={value}
              type="button"
              role="tab"
              aria-selected={kind === value}
              onClick={() => setKind(value)}
              className={`min-h-11 rounded border px-2 text-sm font-medium ${kind === value ? "border-brand-600 bg-brand-50 text-brand-800" : "border-zinc-300 text-zinc-700"}`}
            >
              {text}
            </button>
          ))}
        </div>
        <div role="tabpanel">
          {kind === "drawn" && (
            <>
              <p className="mb-2 text-sm text-zinc-600">{t("drawHint")}</p>
              <SignaturePad ref={pad} label={t("drawArea")} clearLabel={t("clear")} />
            </>
          )}
          {kind === "typed" && (
            <label className={label}>
              {t("typeLabel")}
              <input
                name="typedName"
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                className={input}
                maxLength={LIMITS.personName}
                autoComplete="name"
              />
              <span
                aria-hidden
                className="mt-2 block truncate text-4xl italic text-indigo-950"
                style={{ fontFamily: '"Segoe Script","Brush Script MT","Snell Roundhand",cursive' }}
              >
                {typed}
              </span>
            </label>
          )}
          {kind === "uploaded" && (
            <label className={label}>
              {t("uploadLabel")}
              <input name="signatureFile" type="file" accept="image/png,image/jpeg" className={input} />
            </label>
          )}
        </div>
        {props.needsInitials && (
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold text-zinc-900">{t("initials")}</legend>
            <p className="text-xs text-zinc-600">{t("initialsHint")}</p>
            {props.allowDraw && (
              <div role="tablist" className="grid grid-cols-2 gap-2">
                {(["typed", "drawn"] as const).map((value) => (
                  <button
                    key={value}
                    type="button"
                    role="tab"
                    aria-selected={initialsKind === value}
                    onClick={() => setInitialsKind(value)}
                    className={`min-h-11 rounded border px-2 text-sm font-medium ${initialsKind === value ? "border-brand-600 bg-brand-50 text-brand-800" : "border-zinc-300 text-zinc-700"}`}
                  >
                    {value === "typed" ? t("tabType") : t("tabDraw")}
                  </button>
                ))}
              </div>
            )}
            {initialsKind === "drawn" ? (
              <SignaturePad ref={initialsPad} label={t("initialsArea")} clearLabel={t("clear")} />
            ) : (
              <label className={label}>
                {t("initialsTypeLabel")}
                <input name="initials" className={input} maxLength={LIMITS.initials} required defaultValue={initialsOf(props.name)} />
              </label>
            )}
          </fieldset>
        )}
        {props.fields.length > 0 && (
          <fieldset className="space-y-3">
            <legend className="text-sm font-semibold text-zinc-900">{t("fields")}</legend>
            {props.fields.map((field) => (
              <label key={field.name} className={label}>
                {field.name}
                {field.required && " *"}
                <input
                  name={`field-${field.name}`}
                  required={field.required}
                  className={input}
                  type={
                    UPLOAD_TYPES.includes(field.type)
                      ? "file"
                      : field.type === "date"
                        ? "date"
                        : field.type === "number"
                          ? "number"
                          : "text"
                  }
                  accept={field.type === "image" ? "image/png,image/jpeg" : undefined}
                />
              </label>
            ))}
          </fieldset>
        )}
        <label className={label}>
          {t("idNumber")}
          <input name="idNumber" className={input} maxLength={LIMITS.idNumber} autoComplete="off" />
        </label>
        {props.allowCertificate && (
          <details className="rounded border border-zinc-200 p-3">
            <summary className="min-h-11 cursor-pointer py-2 text-sm font-medium text-zinc-800">{t("certificate")}</summary>
            <div className="space-y-3 pt-2">
              <p className="text-xs text-zinc-600">{t("certificateNote")}</p>
              <label className={label}>
                {t("certificateFile")}
                <input name="certificate" type="file" accept=".p12,.pfx,application/x-pkcs12" className={input} />
              </label>
              <label className={label}>
                {t("certificatePassword")}
                <input name="password" type="password" className={input} autoComplete="off" />
              </label>
            </div>
          </details>
        )}
        <p className="text-xs text-zinc-600">
          {t("agree")}
          {props.termsUrl && (
            <>
              {" "}
              {/* noreferrer: the page's address holds the signer's token. */}
              <a href={props.termsUrl} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline">
                {t("termsLink")}
                <span className="sr-only"> {t("opensInNewTab")}</span>
              </a>
            </>
          )}
        </p>
        {error && (
          <p role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800">
            {error}
          </p>
        )}
        <button
          type="submit"
          disabled={busy}
          className="min-h-12 w-full rounded bg-brand-600 px-4 text-base font-semibold text-white disabled:opacity-60"
        >
          {busy ? t("submitting") : t("submit")}
        </button>
      </form>
      <DeclineForm busy={busy} onDecline={decline} />
    </div>
  );
}

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase())
    .join("")
    .slice(0, 4);

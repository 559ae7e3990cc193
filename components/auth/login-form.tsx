"use client";

import { useEffect, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { ApiError } from "@/lib/client/api";
import { followStoredRedirect, storeRedirect } from "@/lib/client/stored-redirect";
import { callOperation } from "@/lib/client/operations";
import { GOOGLE_SIGN_IN_HREF } from "@/lib/client/sign-in-links";
import { errorText, type FallbackSentences } from "@/lib/client/error-text";
import { safeRedirect } from "@/lib/navigation/safe-redirect";
import { loginOp, magicLinkLoginOp } from "@/lib/operations/routes/auth";

type Notice = { tone: "error" | "success" | "info"; text: string } | null;

/**
 * The form's sentences, translated by the sign-in page (a server component): the form reads no
 * messages in the browser, so the sign-in screen loads no translation runtime (issue 15).
 * `magicSent` holds `{email}` for the address typed.
 */
export type LoginTexts = {
  email: string;
  password: string;
  forgot: string;
  submit: string;
  or: string;
  magicLink: string;
  magicSent: string;
  google: string;
  noAccount: string;
  signupLink: string;
  resendVerification: string;
  verificationResent: string;
  errors: FallbackSentences;
};

export function LoginForm({
  initialError,
  notice,
  redirect,
  slug = null,
  googleEnabled,
  texts,
}: {
  initialError: string | null;
  notice: string | null;
  redirect: string | null;
  /** The workspace of `/login/:slug` (a sub-domain): the session starts there for its members. */
  slug?: string | null;
  googleEnabled: boolean;
  texts: LoginTexts;
}) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState<"password" | "magic" | null>(null);
  const [message, setMessage] = useState<Notice>(
    initialError ? { tone: "error", text: initialError } : notice ? { tone: "success", text: notice } : null,
  );
  const [unverified, setUnverified] = useState(false);

  useEffect(() => storeRedirect(redirect), [redirect]);

  async function signIn(event: FormEvent) {
    event.preventDefault();
    setBusy("password");
    setUnverified(false);
    try {
      await callOperation(loginOp, { email, password, ...(slug ? { slug } : {}) });
      followStoredRedirect("/");
    } catch (error) {
      setMessage({ tone: "error", text: errorText(error, texts.errors) });
      setUnverified(error instanceof ApiError && error.code === "EMAIL_NOT_VERIFIED");
      setBusy(null);
    }
  }

  async function sendMagicLink() {
    const form = document.getElementById("login-form") as HTMLFormElement | null;
    const emailInput = form?.elements.namedItem("email") as HTMLInputElement | null;
    if (!emailInput?.reportValidity()) return;
    setBusy("magic");
    let target = safeRedirect(redirect, window.location.origin);
    // The emailed link signs in first; going back through `/login/:slug` then selects the workspace.
    if (slug) target = `/login/${encodeURIComponent(slug)}${target ? `?redirect=${encodeURIComponent(target)}` : ""}`;
    try {
      await callOperation(magicLinkLoginOp, {
        email,
        ...(target ? { redirect: target } : {}),
      });
      setMessage({ tone: "success", text: texts.magicSent.replace("{email}", email) });
    } catch (error) {
      setMessage({ tone: "error", text: errorText(error, texts.errors) });
    }
    setBusy(null);
  }

  async function resendVerification() {
    // The user domain's handles load only for this rare step: the sign-in screen's first load stays small.
    const { sendVerifyEmailOp } = await import("@/lib/operations/routes/user");
    await callOperation(sendVerifyEmailOp, { email }).catch(() => undefined);
    setUnverified(false);
    setMessage({ tone: "info", text: texts.verificationResent });
  }

  return (
    <form id="login-form" onSubmit={signIn} className="flex flex-col gap-4" noValidate={false}>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      {unverified && (
        <Button type="button" variant="secondary" onClick={resendVerification}>
          {texts.resendVerification}
        </Button>
      )}
      <TextField
        label={texts.email}
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextField
        label={texts.password}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className="flex justify-end">
        {/* Plain links: the sign-in screen is an entry page, and next/link would add about 3.5 KB gzip to its first load (issue 15). */}
        <a href={`/forgot-password${email ? `/${encodeURIComponent(email)}` : ""}`} className="text-sm text-brand-700 hover:underline">
          {texts.forgot}
        </a>
      </div>
      <Button type="submit" busy={busy === "password"} disabled={busy !== null}>
        {texts.submit}
      </Button>
      <div className="flex items-center gap-3 text-xs uppercase text-zinc-500">
        <span className="h-px flex-1 bg-zinc-200" />
        {texts.or}
        <span className="h-px flex-1 bg-zinc-200" />
      </div>
      <Button type="button" variant="secondary" busy={busy === "magic"} disabled={busy !== null} onClick={sendMagicLink}>
        {texts.magicLink}
      </Button>
      {googleEnabled && (
        <a
          href={GOOGLE_SIGN_IN_HREF}
          className="inline-flex min-h-10 items-center justify-center rounded-md border border-zinc-300 bg-white px-4 text-sm font-medium hover:bg-zinc-50"
        >
          {texts.google}
        </a>
      )}
      <p className="text-center text-sm text-zinc-600">
        {texts.noAccount}{" "}
        <a href="/signup" className="font-medium text-brand-700 hover:underline">
          {texts.signupLink}
        </a>
      </p>
    </form>
  );
}

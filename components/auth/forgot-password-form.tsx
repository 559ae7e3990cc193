"use client";

import { Link } from "@/components/ui/link";
import { useTranslations } from "@/lib/i18n/client";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { callOperation } from "@/lib/client/operations";
import { useErrorText } from "./use-error-text";
import { forgotPasswordOp } from "@/lib/operations/routes/auth";

export function ForgotPasswordForm({ initialEmail }: { initialEmail: string }) {
  const t = useTranslations("auth");
  const errorText = useErrorText();
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await callOperation(forgotPasswordOp, { email });
      setMessage({ tone: "success", text: t("forgot.sent", { email }) });
    } catch (error) {
      setMessage({ tone: "error", text: errorText(error) });
    }
    setBusy(false);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-sm text-zinc-600">{t("forgot.intro")}</p>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <TextField
        label={t("email")}
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Button type="submit" busy={busy}>
        {t("forgot.submit")}
      </Button>
      <Link href="/login" className="text-center text-sm font-medium text-brand-700 hover:underline">
        {t("forgot.backToLogin")}
      </Link>
    </form>
  );
}

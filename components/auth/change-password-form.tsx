"use client";

import { Link } from "@/components/ui/link";
import { useTranslations } from "@/lib/i18n/client";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PasswordField } from "@/components/ui/password-field";
import { callOperation } from "@/lib/client/operations";
import { useErrorText } from "./use-error-text";
import { changePasswordOp } from "@/lib/operations/routes/auth";

export function ChangePasswordForm({ token }: { token: string | null }) {
  const t = useTranslations("auth");
  const errorText = useErrorText();
  const router = useRouter();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!token) {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="error">{t("change.missingToken")}</Alert>
        <Link href="/forgot-password" className="text-sm font-medium text-brand-700 hover:underline">
          {t("change.requestNew")}
        </Link>
      </div>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password !== confirm) return setError(t("passwordsDiffer"));
    setBusy(true);
    setError(null);
    try {
      // Without a token the server names the missing parameter.
      await callOperation(changePasswordOp, { token: token as string, password });
      router.replace("/login?notice=passwordChanged");
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      {error && (
        <Alert tone="error">
          {error}{" "}
          <Link href="/forgot-password" className="font-medium underline">
            {t("change.requestNew")}
          </Link>
        </Alert>
      )}
      <PasswordField value={password} onChange={setPassword} showStrength />
      <PasswordField value={confirm} onChange={setConfirm} label={t("confirmPassword")} name="confirmPassword" />
      <Button type="submit" busy={busy}>
        {t("change.submit")}
      </Button>
    </form>
  );
}

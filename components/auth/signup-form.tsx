"use client";

import { Link } from "@/components/ui/link";
import { useLocale, useTranslations } from "@/lib/i18n/client";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PasswordField } from "@/components/ui/password-field";
import { TextField } from "@/components/ui/text-field";
import { callOperation } from "@/lib/client/operations";
import type { Locale } from "@/lib/i18n/locales";
import { useErrorText } from "./use-error-text";
import { registerOp } from "@/lib/operations/routes/auth";
import { LIMITS } from "@/lib/validation/limits";
import { ACCOUNT_LIMITS } from "@/lib/accounts/account-limits";

export function SignupForm() {
  const t = useTranslations("auth");
  const locale = useLocale();
  const errorText = useErrorText();
  const [form, setForm] = useState({ firstName: "", lastName: "", email: "", accountName: "", password: "" });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const user = await callOperation(registerOp, { ...form, language: locale as Locale });
      setSentTo(user.email);
    } catch (err) {
      setError(errorText(err));
    }
    setBusy(false);
  }

  if (sentTo) {
    return (
      <div className="flex flex-col gap-4">
        <h2 className="text-lg font-semibold">{t("signup.checkEmailTitle")}</h2>
        <Alert tone="success">{t("signup.checkEmailBody", { email: sentTo })}</Alert>
        <Link href="/login" className="text-sm font-medium text-brand-700 hover:underline">
          {t("forgot.backToLogin")}
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      {error && <Alert tone="error">{error}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("firstName")}
          name="firstName"
          autoComplete="given-name"
          required
          maxLength={LIMITS.memberName}
          value={form.firstName}
          onChange={(e) => set("firstName")(e.target.value)}
        />
        <TextField
          label={t("lastName")}
          name="lastName"
          autoComplete="family-name"
          maxLength={LIMITS.memberName}
          value={form.lastName}
          onChange={(e) => set("lastName")(e.target.value)}
        />
      </div>
      <TextField
        label={t("email")}
        name="email"
        type="email"
        autoComplete="email"
        required
        value={form.email}
        onChange={(e) => set("email")(e.target.value)}
      />
      <TextField
        label={t("accountName")}
        name="accountName"
        autoComplete="organization"
        required
        maxLength={ACCOUNT_LIMITS.name}
        value={form.accountName}
        onChange={(e) => set("accountName")(e.target.value)}
      />
      <PasswordField value={form.password} onChange={set("password")} showStrength />
      <Button type="submit" busy={busy}>
        {t("signup.submit")}
      </Button>
      <p className="text-center text-sm text-zinc-600">
        {t("signup.haveAccount")}{" "}
        <Link href="/login" className="font-medium text-brand-700 hover:underline">
          {t("signup.loginLink")}
        </Link>
      </p>
    </form>
  );
}

"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { callOperation } from "@/lib/client/operations";
import { useErrorText } from "./use-error-text";
import { safeRedirect } from "@/lib/navigation/safe-redirect";
import { createAccountOp } from "@/lib/operations/routes/account";
import { ACCOUNT_LIMITS } from "@/lib/accounts/account-limits";

export function CreateAccountForm({ redirect }: { redirect: string }) {
  const t = useTranslations("createAccount");
  const ta = useTranslations("auth");
  const errorText = useErrorText();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await callOperation(createAccountOp, { name });
      const safe = safeRedirect(redirect, window.location.origin) ?? "/";
      window.location.replace(safe);
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-sm text-zinc-600">{t("intro")}</p>
      {error && <Alert tone="error">{error}</Alert>}
      <TextField
        label={ta("accountName")}
        name="accountName"
        required
        maxLength={ACCOUNT_LIMITS.name}
        autoComplete="organization"
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <Button type="submit" busy={busy}>
        {t("submit")}
      </Button>
    </form>
  );
}

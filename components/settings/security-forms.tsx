"use client";

import { useLocale, useTranslations } from "@/lib/i18n/client";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PasswordField } from "@/components/ui/password-field";
import { TextField } from "@/components/ui/text-field";
import { useAction } from "@/components/ui/use-action";
import { callOperation } from "@/lib/client/operations";
import { matchesConfirmWord } from "@/lib/i18n/matches-confirm-word";
import { deleteUserOp, setPasswordOp, updateEmailOp, updatePasswordOp } from "@/lib/operations/routes/user";

export function SecurityForms({ hasPassword, email }: { hasPassword: boolean; email: string }) {
  return (
    <div className="flex flex-col gap-6">
      <PasswordForm hasPassword={hasPassword} />
      <EmailForm hasPassword={hasPassword} email={email} />
      <DeleteAccount />
    </div>
  );
}

function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const t = useTranslations("security");
  const ta = useTranslations("auth");
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const { run, busy, error } = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const done = await run(
      () =>
        hasPassword
          ? callOperation(updatePasswordOp, { currentPassword: current, password: next })
          : callOperation(setPasswordOp, { password: next }),
      "saved",
      "updateError",
    );
    if (done) {
      setCurrent("");
      setNext("");
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4 rounded-lg border border-zinc-200 bg-white p-6">
      <h2 className="text-lg font-semibold">{hasPassword ? t("changePassword") : t("setPassword")}</h2>
      {!hasPassword && <p className="text-sm text-zinc-600">{t("setPasswordIntro")}</p>}
      {error && <Alert tone="error">{error}</Alert>}
      {hasPassword && (
        <PasswordField
          label={t("currentPassword")}
          name="currentPassword"
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
        />
      )}
      <PasswordField label={t("newPassword")} value={next} onChange={setNext} showStrength />
      <div>
        <Button type="submit" busy={busy}>
          {hasPassword ? t("changePassword") : t("setPassword")}
        </Button>
      </div>
      <span className="sr-only">{ta("passwordRules")}</span>
    </form>
  );
}

function EmailForm({ hasPassword, email }: { hasPassword: boolean; email: string }) {
  const t = useTranslations("security");
  const [next, setNext] = useState("");
  const [password, setPassword] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { run, busy, error } = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const target = next;
    const changed = await run(
      () => callOperation(updateEmailOp, hasPassword ? { email: target, password } : { email: target }),
      "saved",
      "updateError",
    );
    if (changed) {
      setSentTo(target);
      setNext("");
      setPassword("");
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4 rounded-lg border border-zinc-200 bg-white p-6">
      <h2 className="text-lg font-semibold">{t("changeEmail")}</h2>
      {error && <Alert tone="error">{error}</Alert>}
      {sentTo && <Alert tone="success">{t("emailChanged", { email: sentTo })}</Alert>}
      <TextField
        label={t("newEmail")}
        type="email"
        required
        autoComplete="email"
        placeholder={email}
        value={next}
        onChange={(e) => setNext(e.target.value)}
      />
      {hasPassword && (
        <PasswordField
          label={t("currentPassword")}
          name="emailPassword"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />
      )}
      <div>
        <Button type="submit" busy={busy}>
          {t("changeEmail")}
        </Button>
      </div>
    </form>
  );
}

function DeleteAccount() {
  const t = useTranslations("security");
  const locale = useLocale();
  // The word to type is translated (ELIMINAR, SUPRIMIR, EXCLUIR…) and compared ignoring case.
  const word = t("deleteConfirmWord");
  const [confirm, setConfirm] = useState("");
  const { run, busy, error } = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await run(() => callOperation(deleteUserOp, {}), "saved", "deleteError")) window.location.replace("/login");
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4 rounded-lg border border-red-200 bg-white p-6">
      <h2 className="text-lg font-semibold text-red-700">{t("deleteTitle")}</h2>
      <p className="text-sm text-zinc-700">{t("deleteIntro")}</p>
      {error && <Alert tone="error">{error}</Alert>}
      <TextField
        label={t("deleteConfirmLabel", { word })}
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        autoComplete="off"
      />
      <div>
        <Button type="submit" variant="danger" busy={busy} disabled={!matchesConfirmWord(confirm, word, locale)}>
          {t("deleteButton")}
        </Button>
      </div>
    </form>
  );
}

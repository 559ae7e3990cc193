"use client";

import { Link } from "@/components/ui/link";
import { useTranslations } from "@/lib/i18n/client";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useErrorText } from "@/components/auth/use-error-text";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PasswordField } from "@/components/ui/password-field";
import { TextField } from "@/components/ui/text-field";
import { callOperation } from "@/lib/client/operations";
import { acceptInvitationOp } from "@/lib/operations/routes/account";

type Invitation = { email: string; accountName: string; role: string; needsAccount: boolean };

/**
 * A new invitee creates their account here; someone with an account accepts while signed in as
 * the invited address, or is offered to sign in first (coming back here afterwards).
 */
export function InviteAccept({
  token,
  invitation,
  signedInEmail,
}: {
  token: string;
  invitation: Invitation;
  signedInEmail: string | null;
}) {
  const t = useTranslations("invite");
  const ta = useTranslations("auth");
  const errorText = useErrorText();
  const router = useRouter();
  const [form, setForm] = useState({ firstName: "", lastName: "", password: "" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function accept(event?: FormEvent) {
    event?.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await callOperation(acceptInvitationOp, invitation.needsAccount ? { token, ...form } : { token });
      router.replace("/");
      router.refresh();
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  }

  if (!invitation.needsAccount && signedInEmail !== invitation.email) {
    const back = `/invite?token=${encodeURIComponent(token)}`;
    return (
      <div className="flex flex-col gap-4">
        {signedInEmail && <Alert tone="info">{t("signedInAs", { email: signedInEmail })}</Alert>}
        <Link
          href={signedInEmail ? `/logout?redirect=${encodeURIComponent(back)}` : `/login?redirect=${encodeURIComponent(back)}`}
          className="inline-flex min-h-10 items-center justify-center rounded-md bg-brand-600 px-4 text-sm font-medium text-white"
        >
          {t("signInToAccept", { email: invitation.email })}
        </Link>
      </div>
    );
  }

  if (!invitation.needsAccount) {
    return (
      <div className="flex flex-col gap-4">
        {error && <Alert tone="error">{error}</Alert>}
        <Button onClick={() => accept()} busy={busy}>
          {t("accept")}
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={accept} className="flex flex-col gap-4">
      <p className="text-sm text-zinc-600">{t("createAccount", { email: invitation.email })}</p>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={ta("firstName")}
          name="firstName"
          required
          autoComplete="given-name"
          value={form.firstName}
          onChange={(e) => setForm({ ...form, firstName: e.target.value })}
        />
        <TextField
          label={ta("lastName")}
          name="lastName"
          autoComplete="family-name"
          value={form.lastName}
          onChange={(e) => setForm({ ...form, lastName: e.target.value })}
        />
      </div>
      <PasswordField value={form.password} onChange={(password) => setForm({ ...form, password })} showStrength />
      <Button type="submit" busy={busy}>
        {t("accept")}
      </Button>
    </form>
  );
}

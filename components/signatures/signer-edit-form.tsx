"use client";

import { useTranslations } from "@/lib/i18n/client";
import type { FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { LIMITS } from "@/lib/validation/limits";

export type SignerChanges = { firstName: string; lastName: string; email: string };

/** Changes a signer's name or address (a new address ends the link sent to the old one). */
export function SignerEditForm(props: {
  signer: SignerChanges;
  busy: boolean;
  onSave: (changes: SignerChanges) => Promise<unknown>;
  onCancel: () => void;
}) {
  const t = useTranslations("signing.panel");
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    await props.onSave({
      firstName: String(data.get("firstName") ?? ""),
      lastName: String(data.get("lastName") ?? ""),
      email: String(data.get("email") ?? ""),
    });
  }
  return (
    <form onSubmit={submit} aria-label={t("editSigner")} className="mt-2 grid gap-2 sm:grid-cols-3">
      <TextField label={t("firstName")} name="firstName" defaultValue={props.signer.firstName} maxLength={LIMITS.personName} />
      <TextField label={t("lastName")} name="lastName" defaultValue={props.signer.lastName} maxLength={LIMITS.personName} />
      <TextField label={t("email")} name="email" type="email" required defaultValue={props.signer.email} maxLength={LIMITS.email} />
      <div className="flex gap-2 sm:col-span-3">
        <Button type="submit" busy={props.busy}>
          {t("save")}
        </Button>
        <Button type="button" variant="secondary" onClick={props.onCancel}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}

"use client";

import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { graphqlRequest } from "@/lib/client/api";
import { LOCALE_COOKIE, LOCALES } from "@/lib/i18n/locales";
import { isValidPhone } from "@/lib/users/phone";
import { useSave } from "./use-save";

type Profile = { email: string; firstName: string; lastName: string; phone: string; language: string; timezone: string };

export function ProfileForm({ user, timeZones }: { user: Profile; timeZones: string[] }) {
  const t = useTranslations("profile");
  const ta = useTranslations("auth");
  const tc = useTranslations("common");
  const ids = { language: useId(), timezone: useId() };
  const [form, setForm] = useState(user);
  const { save, busy, error } = useSave();
  const phoneError = form.phone && !isValidPhone(form.phone) ? t("phoneInvalid") : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (phoneError) return;
    await save(async () => {
      await graphqlRequest("mutation Profile($data: UpdateUserInput!) { updateUser(data: $data) { id } }", {
        data: {
          firstName: form.firstName,
          lastName: form.lastName,
          phone: form.phone || null,
          language: form.language,
          timezone: form.timezone || null,
        },
      });
      document.cookie = `${LOCALE_COOKIE}=${form.language}; path=/; max-age=31536000; samesite=lax`;
    });
  }

  const set = (key: keyof Profile) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  return (
    <form onSubmit={submit} className="flex flex-col gap-4 rounded-lg border border-zinc-200 bg-white p-6">
      <h2 className="text-lg font-semibold">{t("title")}</h2>
      {error && <Alert tone="error">{error}</Alert>}
      <TextField label={t("email")} value={form.email} readOnly disabled />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={ta("firstName")} required maxLength={100} value={form.firstName} onChange={(e) => set("firstName")(e.target.value)} />
        <TextField label={ta("lastName")} maxLength={100} value={form.lastName} onChange={(e) => set("lastName")(e.target.value)} />
      </div>
      <TextField label={t("phone")} type="tel" autoComplete="tel" value={form.phone} onChange={(e) => set("phone")(e.target.value)} hint={t("phoneHint")} error={phoneError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.language} className="text-sm font-medium text-zinc-700">{t("language")}</label>
          <select id={ids.language} value={form.language} onChange={(e) => set("language")(e.target.value)} className="min-h-10 rounded-md border border-zinc-300 bg-white px-3 text-sm">
            {LOCALES.map((l) => (
              <option key={l} value={l}>{tc(`languages.${l}`)}</option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.timezone} className="text-sm font-medium text-zinc-700">{t("timezone")}</label>
          <select id={ids.timezone} value={form.timezone} onChange={(e) => set("timezone")(e.target.value)} className="min-h-10 rounded-md border border-zinc-300 bg-white px-3 text-sm">
            <option value="">—</option>
            {timeZones.map((zone) => (
              <option key={zone} value={zone}>{zone}</option>
            ))}
          </select>
        </div>
      </div>
      <div>
        <Button type="submit" busy={busy} disabled={Boolean(phoneError)}>{t("save")}</Button>
      </div>
    </form>
  );
}

"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { useErrorText } from "@/components/auth/use-error-text";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { useAction } from "@/components/ui/use-action";
import { callOperation, uploadOperation } from "@/lib/client/operations";
import { LOCALE_COOKIE, LOCALES, type Locale } from "@/lib/i18n/locales";
import type { TimeZoneOption } from "@/lib/i18n/time-zones";
import { isValidPhone } from "@/lib/users/phone";
import { updateUserOp, uploadUserAvatarOp } from "@/lib/operations/routes/user";
import { LIMITS } from "@/lib/validation/limits";

type Profile = {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  language: string;
  timezone: string;
  avatar: string | null;
};

/** The user's picture: uploaded on choice (checked on the server: PNG, JPEG or WebP, 2 MB), shown here and in the user menu. */
function AvatarField({ avatar, name }: { avatar: string | null; name: string }) {
  const t = useTranslations("profile");
  const errorText = useErrorText();
  const router = useRouter();
  const [current, setCurrent] = useState(avatar);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function upload(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      setCurrent((await uploadOperation(uploadUserAvatarOp, {}, file)).avatar);
      router.refresh();
    } catch (err) {
      setError(errorText(err));
    }
    setBusy(false);
  }

  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium text-zinc-700">{t("avatar")}</span>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex items-center gap-4">
        {current ? (
          // eslint-disable-next-line @next/next/no-img-element -- served by our own route
          <img
            src={current}
            alt={t("avatar")}
            className="size-16 rounded-full border border-zinc-200 object-cover"
            data-testid="profile-avatar"
          />
        ) : (
          <span aria-hidden className="flex size-16 items-center justify-center rounded-full bg-brand-600 text-xl font-semibold text-white">
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <label className="cursor-pointer rounded-md border border-zinc-300 px-3 py-1.5 text-sm hover:bg-zinc-50 focus-within:outline-2 focus-within:outline-brand-600">
          {busy ? "…" : t("avatarUpload")}
          <input type="file" accept="image/png,image/jpeg,image/webp" className="sr-only" onChange={(e) => upload(e.target.files?.[0])} />
        </label>
        <span className="text-xs text-zinc-500">{t("avatarHint")}</span>
      </div>
    </div>
  );
}

export function ProfileForm({ user, timeZones }: { user: Profile; timeZones: readonly TimeZoneOption[] }) {
  const t = useTranslations("profile");
  const ta = useTranslations("auth");
  const tc = useTranslations("common");
  const ids = { language: useId(), timezone: useId() };
  const [form, setForm] = useState(user);
  const { run, busy, error } = useAction();
  const phoneError = form.phone && !isValidPhone(form.phone) ? t("phoneInvalid") : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (phoneError) return;
    await run(
      async () => {
        await callOperation(updateUserOp, {
          firstName: form.firstName,
          lastName: form.lastName,
          phone: form.phone || null,
          language: form.language as Locale,
          timezone: form.timezone || null,
        });
        document.cookie = `${LOCALE_COOKIE}=${form.language}; path=/; max-age=31536000; samesite=lax`;
      },
      "saved",
      "updateError",
    );
  }

  const set = (key: keyof Profile) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  return (
    <form onSubmit={submit} className="flex flex-col gap-4 rounded-lg border border-zinc-200 bg-white p-6">
      <h2 className="text-lg font-semibold">{t("title")}</h2>
      {error && <Alert tone="error">{error}</Alert>}
      <AvatarField avatar={user.avatar} name={form.firstName || form.email} />
      <TextField label={t("email")} value={form.email} readOnly disabled />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={ta("firstName")}
          required
          maxLength={LIMITS.memberName}
          value={form.firstName}
          onChange={(e) => set("firstName")(e.target.value)}
        />
        <TextField
          label={ta("lastName")}
          maxLength={LIMITS.memberName}
          value={form.lastName}
          onChange={(e) => set("lastName")(e.target.value)}
        />
      </div>
      <TextField
        label={t("phone")}
        type="tel"
        autoComplete="tel"
        value={form.phone}
        onChange={(e) => set("phone")(e.target.value)}
        hint={t("phoneHint")}
        error={phoneError}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.language} className="text-sm font-medium text-zinc-700">
            {t("language")}
          </label>
          <select
            id={ids.language}
            value={form.language}
            onChange={(e) => set("language")(e.target.value)}
            className="min-h-10 rounded-md border border-zinc-300 bg-white px-3 text-sm"
          >
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {tc(`languages.${l}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.timezone} className="text-sm font-medium text-zinc-700">
            {t("timezone")}
          </label>
          <select
            id={ids.timezone}
            value={form.timezone}
            onChange={(e) => set("timezone")(e.target.value)}
            className="min-h-10 rounded-md border border-zinc-300 bg-white px-3 text-sm"
          >
            <option value="">—</option>
            {timeZones.map((zone) => (
              <option key={zone.id} value={zone.id}>
                {zone.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div>
        <Button type="submit" busy={busy} disabled={Boolean(phoneError)}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}

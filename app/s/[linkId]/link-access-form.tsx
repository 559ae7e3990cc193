"use client";

/** A secure share link's questions: the visitor's address, then the code sent to it. */

import { useTranslations } from "@/lib/i18n/client";
import type { FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { LIMITS } from "@/lib/validation/limits";

/** The address form, or the code form with Resend and Use another address. */
export function LinkAccessForm({
  phase,
  email,
  code,
  message,
  busy,
  onEmail,
  onCode,
  onSubmit,
  onOtherEmail,
}: {
  phase: "email" | "code";
  email: string;
  code: string;
  message: { tone: "error" | "success"; text: string } | null;
  busy: boolean;
  onEmail: (email: string) => void;
  onCode: (code: string) => void;
  /** Validates the link with the address (and the code: without it, a code is sent again). */
  onSubmit: (event: FormEvent | { preventDefault(): void }, body: { email: string; code?: string }) => void;
  onOtherEmail: () => void;
}) {
  const t = useTranslations("shareLinks.page");
  return (
    <section aria-labelledby="protected-title" className="mx-auto w-full max-w-md rounded-xl bg-white p-6 shadow-sm sm:p-8">
      <h1 id="protected-title" className="mb-2 text-xl font-semibold">
        {t("protectedTitle")}
      </h1>
      {phase === "email" ? (
        <form className="flex flex-col gap-4" onSubmit={(event) => onSubmit(event, { email })}>
          <p className="text-zinc-600">{t("emailIntro")}</p>
          <TextField
            label={t("email")}
            type="email"
            name="email"
            autoComplete="email"
            required
            maxLength={LIMITS.email}
            value={email}
            onChange={(e) => onEmail(e.target.value)}
          />
          {message && <Alert tone={message.tone}>{message.text}</Alert>}
          <Button type="submit" busy={busy}>
            {t("sendCode")}
          </Button>
        </form>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={(event) => onSubmit(event, { email, code })}>
          <p className="text-zinc-600">{t("codeIntro", { email })}</p>
          <TextField
            label={t("code")}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            minLength={6}
            maxLength={LIMITS.verificationCode}
            required
            value={code}
            onChange={(e) => onCode(e.target.value.replace(/\D/g, ""))}
          />
          {message && <Alert tone={message.tone}>{message.text}</Alert>}
          <Button type="submit" busy={busy}>
            {t("open")}
          </Button>
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="ghost" disabled={busy} onClick={(event) => onSubmit(event, { email })}>
              {t("resend")}
            </Button>
            <Button type="button" variant="ghost" disabled={busy} onClick={onOtherEmail}>
              {t("otherEmail")}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

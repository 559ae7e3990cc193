"use client";

import { useTranslations } from "@/lib/i18n/client";
import { passwordStrength } from "@/lib/sign-in/password-strength";
import { TextField } from "./text-field";

const BAR = { weak: "w-1/3 bg-red-500", medium: "w-2/3 bg-amber-500", strong: "w-full bg-emerald-500" } as const;

/** Password input with the weak / medium / strong meter of the spec. */
export function PasswordField({
  value,
  onChange,
  label,
  showStrength = false,
  autoComplete = "new-password",
  error,
  name = "password",
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  showStrength?: boolean;
  autoComplete?: string;
  error?: string | null;
  name?: string;
}) {
  const t = useTranslations("auth");
  const strength = passwordStrength(value);
  return (
    <TextField
      label={label ?? t("password")}
      type="password"
      name={name}
      required
      minLength={showStrength ? 8 : undefined}
      placeholder={t("enterPassword")}
      autoComplete={autoComplete}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
      hint={showStrength ? t("passwordRules") : undefined}
      after={
        showStrength && value ? (
          <div className="flex items-center gap-2" aria-live="polite">
            <div className="h-1.5 flex-1 rounded bg-zinc-200">
              <div className={`h-1.5 rounded ${BAR[strength]}`} />
            </div>
            <span className="text-xs text-zinc-600" data-testid="password-strength">
              {t("strength.label")}: {t(`strength.${strength}`)}
            </span>
          </div>
        ) : null
      }
    />
  );
}

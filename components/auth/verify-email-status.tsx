"use client";

import { Link } from "@/components/ui/link";
import { useTranslations } from "@/lib/i18n/client";
import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { callOperation } from "@/lib/client/operations";
import { useErrorText } from "./use-error-text";
import { verifyEmailOp } from "@/lib/operations/routes/user";

export function VerifyEmailStatus({ token }: { token: string | null }) {
  const t = useTranslations("auth.verify");
  const errorText = useErrorText();
  const [state, setState] = useState<{ status: "pending" | "done" | "failed"; text?: string }>(
    token ? { status: "pending" } : { status: "failed", text: t("failed") },
  );
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) return;
    callOperation(verifyEmailOp, { token })
      .then((user) => setState({ status: "done", text: t("success", { email: user.email }) }))
      .catch((error) => setState({ status: "failed", text: errorText(error) }));
  }, [token, t, errorText]);

  if (state.status === "pending") return <p role="status">{t("verifying")}</p>;
  return (
    <div className="flex flex-col gap-4">
      <Alert tone={state.status === "done" ? "success" : "error"}>{state.text}</Alert>
      <Link href="/login" className="text-sm font-medium text-brand-700 hover:underline">
        {t("continue")}
      </Link>
    </div>
  );
}

"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useErrorText } from "@/components/auth/use-error-text";
import { Alert } from "@/components/ui/alert";
import { useNotify } from "@/components/ui/notifications";
import { uploadOperation } from "@/lib/client/operations";
import { uploadBrandImageOp } from "@/lib/operations/routes/brand-image";

const KINDS = ["avatar", "logo", "altLogo"] as const;
type Kind = (typeof KINDS)[number];

/** Avatar, logo and alternative logo: pick a file, it is checked on the server and shown here. */
export function BrandImages({ images }: { images: Record<Kind, string | null> }) {
  const t = useTranslations("workspace");
  const ta = useTranslations("alerts");
  const errorText = useErrorText();
  const notify = useNotify();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Kind | null>(null);

  async function upload(kind: Kind, file: File | undefined) {
    if (!file) return;
    setBusy(kind);
    setError(null);
    try {
      await uploadOperation(uploadBrandImageOp, { kind }, file);
      notify({ tone: "success", title: ta("saved") });
      router.refresh();
    } catch (err) {
      setError(errorText(err));
    }
    setBusy(null);
  }

  return (
    <section aria-labelledby="brand-images" className="flex flex-col gap-4 rounded-lg border border-zinc-200 bg-white p-6">
      <div>
        <h2 id="brand-images" className="text-lg font-semibold">
          {t("images")}
        </h2>
        <p className="text-sm text-zinc-600">{t("imagesHint")}</p>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="grid gap-4 sm:grid-cols-3">
        {KINDS.map((kind) => (
          <div key={kind} className="flex flex-col items-start gap-2">
            <span className="text-sm font-medium text-zinc-700">{t(kind)}</span>
            {images[kind] ? (
              // eslint-disable-next-line @next/next/no-img-element -- served by our own route, sizes vary
              <img
                src={images[kind]!}
                alt={t(kind)}
                className="h-16 max-w-full rounded border border-zinc-200 object-contain"
                data-testid={`brand-${kind}`}
              />
            ) : (
              <span className="flex h-16 items-center text-xs text-zinc-500">{t("none")}</span>
            )}
            <label className="cursor-pointer rounded-md border border-zinc-300 px-3 py-1.5 text-sm hover:bg-zinc-50 focus-within:outline-2 focus-within:outline-brand-600">
              {busy === kind ? "…" : t("upload")}
              <span className="sr-only"> {t(kind)}</span>
              <input
                type="file"
                accept="image/png,image/jpeg,image/webp"
                className="sr-only"
                onChange={(e) => upload(kind, e.target.files?.[0])}
              />
            </label>
          </div>
        ))}
      </div>
    </section>
  );
}

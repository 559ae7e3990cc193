import { getTranslations } from "next-intl/server";
import { Link } from "@/components/ui/link";
import { DismissNextSteps } from "./dismiss-next-steps";
import type { NextStep } from "@/lib/work-queue/next-steps";

/**
 * The dashboard's next steps for a new workspace (lib/work-queue/next-steps.ts loadNextSteps): each
 * step the member may take, with a sentence and a link to where it is taken, or checked once
 * done. Gone once every step is done, or once the member hides it (their metadata keeps it
 * hidden). A server component; only its Hide button runs in the browser.
 */
export async function NextSteps({ steps }: { steps: NextStep[] }) {
  const done = steps.filter((step) => step.done).length;
  if (steps.length === 0 || done === steps.length) return null;
  const t = await getTranslations("nextSteps");
  return (
    <section
      aria-labelledby="next-steps-title"
      className="max-w-2xl rounded-lg border border-zinc-200 bg-white p-4"
      data-testid="next-steps"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="next-steps-title" className="font-semibold">
          {t("title")}
        </h2>
        <div className="flex items-center gap-3">
          <p className="text-sm text-zinc-600">{t("progress", { done, total: steps.length })}</p>
          <DismissNextSteps label={t("dismiss")} />
        </div>
      </div>
      <ol className="mt-3 flex flex-col gap-2">
        {steps.map((step) => (
          <li
            key={step.key}
            data-testid={`next-step-${step.key}`}
            data-done={step.done || undefined}
            className={`flex items-start gap-3 rounded-md border p-3 ${step.done ? "border-zinc-100 bg-zinc-50" : "border-zinc-200"}`}
          >
            <span
              aria-hidden
              className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border text-xs ${
                step.done ? "border-emerald-600 bg-emerald-600 text-white" : "border-zinc-400"
              }`}
            >
              {step.done ? "✓" : ""}
            </span>
            <div className="min-w-0 flex-1">
              <h3 className={`text-sm font-medium ${step.done ? "text-zinc-500 line-through" : ""}`}>{t(`steps.${step.key}.title`)}</h3>
              {!step.done && <p className="mt-0.5 text-sm text-zinc-600">{t(`steps.${step.key}.body`)}</p>}
              {step.done && <p className="sr-only">{t("done")}</p>}
            </div>
            {!step.done && (
              <Link
                href={step.href}
                className="inline-flex min-h-9 shrink-0 items-center rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
              >
                {t(`steps.${step.key}.action`)}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

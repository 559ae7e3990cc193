"use client";

import { useTranslations } from "@/lib/i18n/client";
import { usePathname, useSearchParams } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { TourPopover } from "./tour-popover";
import { endWelcomeTour, GUIDED_STEPS, GUIDED_STEPS_BEFORE_HANDOVER, takeWelcomeTourHandover } from "./welcome-tour-state";

type StepId = "fields" | "name" | "category" | "publish" | "done";

const STEPS: StepId[] = ["fields", "name", "category", "publish", "done"];
const TARGETS: Partial<Record<StepId, string>> = {
  fields: "template-fields",
  name: "template-name",
  category: "template-category",
  publish: "template-publish",
};

/**
 * The second part of the guided template creation (welcome-tour.tsx), on the page the upload
 * opened: the detected variables, the name, the category, publishing, and a last "you're done"
 * step (the help-centre reminder of the spec, without a help centre yet). It starts only when
 * the upload handed the tour over to this template; Finish sets hasSeenWelcomeTour, and so does
 * closing it (recorded as a skip). Any route change ends it.
 */
export function WelcomeTourTemplate({ templateId }: { templateId: string }) {
  const t = useTranslations("tour");
  const tt = useTranslations("templates");
  const where = `${usePathname()}?${useSearchParams().toString()}`;
  const [step, setStep] = useState<StepId | null>(null);
  const [startedAt, setStartedAt] = useState(where);
  if (where !== startedAt) {
    setStartedAt(where);
    setStep(null);
  }

  useEffect(() => {
    // sessionStorage exists only in the browser, after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (takeWelcomeTourHandover(templateId)) setStep("fields");
  }, [templateId]);

  if (!step) return null;

  const end = (outcome: "skipped" | "finished") => {
    setStep(null);
    // Part-2 step names are prefixed so the audit tells them from the same names on /templates.
    void endWelcomeTour(outcome, `template-${step}`);
  };
  const index = STEPS.indexOf(step);
  const back = index > 0 && (
    <Button variant="secondary" onClick={() => setStep(STEPS[index - 1])}>
      {t("back")}
    </Button>
  );
  const next = <Button onClick={() => setStep(STEPS[index + 1])}>{t("continue")}</Button>;

  const content: Record<StepId, { title: string; body: string; actions: ReactNode }> = {
    fields: { title: t("guide.fieldsTitle"), body: t("guide.fieldsBody"), actions: next },
    name: {
      title: t("guide.templateNameTitle"),
      body: t("guide.templateNameBody"),
      actions: (
        <>
          {back}
          {next}
        </>
      ),
    },
    category: {
      title: t("guide.categoryTitle"),
      body: t("guide.categoryBody"),
      actions: (
        <>
          {back}
          {next}
        </>
      ),
    },
    publish: {
      title: t("guide.publishTitle"),
      body: t("guide.publishBody", { button: tt("publish") }),
      actions: (
        <>
          {back}
          {next}
        </>
      ),
    },
    done: {
      title: t("guide.doneTitle"),
      body: t("guide.doneBody"),
      actions: (
        <>
          {back}
          <Button onClick={() => end("finished")}>{t("finish")}</Button>
        </>
      ),
    },
  };
  const { title, body, actions } = content[step];

  return (
    <TourPopover
      stepKey={step}
      target={TARGETS[step]}
      title={title}
      counter={t("stepOf", { current: GUIDED_STEPS_BEFORE_HANDOVER + index + 1, total: GUIDED_STEPS })}
      closeLabel={t("close")}
      actions={actions}
      onClose={() => end("skipped")}
    >
      <p>{body}</p>
    </TourPopover>
  );
}

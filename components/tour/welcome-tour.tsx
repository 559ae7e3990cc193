"use client";

import { useTranslations } from "@/lib/i18n/client";
import { usePathname, useSearchParams } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { findTourTarget, TourPopover } from "./tour-popover";
import { operationHref } from "@/lib/client/operations";
import {
  endWelcomeTour,
  GUIDED_STEPS,
  handOverWelcomeTour,
  INTRO_STEPS,
  TEMPLATE_UPLOADED_EVENT,
  type TemplateUploadedDetail,
} from "./welcome-tour-state";
import { getSampleTemplateOp } from "@/lib/operations/routes/template";

type StepId = "welcome" | "templates" | "organise" | "create" | "add" | "file" | "name" | "upload";

/** Intro steps 1–4, then guided steps 1–4 of 9 (the rest run on the template page). */
const INTRO: StepId[] = ["welcome", "templates", "organise", "create"];
const GUIDED: StepId[] = ["add", "file", "name", "upload"];
const TARGETS: Partial<Record<StepId, string>> = {
  templates: "templates-title",
  organise: "templates-filters",
  create: "template-add",
  add: "template-add",
  file: "upload-file",
  name: "upload-name",
  upload: "upload-submit",
};
/** The steps inside the upload dialog: when it closes, the tour goes back to 'Add template'. */
const IN_DIALOG: StepId[] = ["file", "name", "upload"];

const link =
  "inline-flex min-h-10 items-center rounded-md border border-zinc-300 bg-white px-3 text-sm font-medium text-brand-700 hover:bg-zinc-50";

/**
 * Spec "Welcome tour", on the templates page: four intro steps (Start tour or Skip, then Back and
 * Continue), then the guided template creation up to the upload. A successful upload hands the
 * tour over to the template's page (welcome-tour-template.tsx); any other route change ends it.
 * Skipping (button, ✕ or Escape) sets hasSeenWelcomeTour and records the skip. With the terms
 * still to accept (`afterTerms`), it waits for the terms dialog's 'termsAccepted' event (spec
 * section 4 "Session").
 */
export function WelcomeTour({ afterTerms = false }: { afterTerms?: boolean }) {
  const t = useTranslations("tour");
  const tt = useTranslations("templates");
  const where = `${usePathname()}?${useSearchParams().toString()}`;
  const [step, setStep] = useState<StepId | null>("welcome");
  const [startedAt, setStartedAt] = useState(where);
  const [waitingForTerms, setWaitingForTerms] = useState(afterTerms);
  // A tour ends on any route change (search and filters included); it does not come back on
  // returning to the same address.
  if (where !== startedAt) {
    setStartedAt(where);
    setStep(null);
  }

  const guided = step !== null && GUIDED.includes(step);

  // Only a guided tour is handed over: an upload made during the intro is just an upload.
  useEffect(() => {
    if (!guided) return;
    const onUploaded = (event: Event) => handOverWelcomeTour((event as CustomEvent<TemplateUploadedDetail>).detail.id);
    window.addEventListener(TEMPLATE_UPLOADED_EVENT, onUploaded);
    return () => window.removeEventListener(TEMPLATE_UPLOADED_EVENT, onUploaded);
  }, [guided]);

  useEffect(() => {
    if (!waitingForTerms) return;
    const onAccepted = () => setWaitingForTerms(false);
    window.addEventListener("termsAccepted", onAccepted);
    return () => window.removeEventListener("termsAccepted", onAccepted);
  }, [waitingForTerms]);

  // Opening the upload dialog yourself (the tour does not block the page) moves on to the file.
  useEffect(() => {
    if (step !== "add" && step !== "create") return;
    const timer = window.setInterval(() => {
      if (findTourTarget("upload-file")) setStep("file");
    }, 150);
    return () => window.clearInterval(timer);
  }, [step]);

  if (!step || waitingForTerms) return null;

  const skip = () => {
    setStep(null);
    void endWelcomeTour("skipped", step);
  };
  const go = (next: StepId) => () => setStep(next);
  const back = (to: StepId) => (
    <Button variant="secondary" onClick={go(to)}>
      {t("back")}
    </Button>
  );
  const next = (to: StepId, onClick?: () => void) => <Button onClick={onClick ?? go(to)}>{t("continue")}</Button>;

  const isIntro = INTRO.includes(step);
  const counter = isIntro
    ? t("stepOf", { current: INTRO.indexOf(step) + 1, total: INTRO_STEPS })
    : t("stepOf", { current: GUIDED.indexOf(step) + 1, total: GUIDED_STEPS });

  const content: Record<StepId, { title: string; body: ReactNode; actions: ReactNode }> = {
    welcome: {
      title: t("intro.welcomeTitle"),
      body: <p>{t("intro.welcomeBody")}</p>,
      actions: (
        <>
          <Button variant="secondary" onClick={skip}>
            {t("skip")}
          </Button>
          <Button onClick={go("templates")}>{t("start")}</Button>
        </>
      ),
    },
    templates: {
      title: t("intro.templatesTitle"),
      body: <p>{t("intro.templatesBody")}</p>,
      actions: (
        <>
          {back("welcome")}
          {next("organise")}
        </>
      ),
    },
    organise: {
      title: t("intro.organiseTitle"),
      body: <p>{t("intro.organiseBody")}</p>,
      actions: (
        <>
          {back("templates")}
          {next("create")}
        </>
      ),
    },
    create: {
      title: t("intro.createTitle"),
      body: <p>{t("intro.createBody")}</p>,
      actions: (
        <>
          {back("organise")}
          {next("add")}
        </>
      ),
    },
    add: {
      title: t("guide.addTitle"),
      body: <p>{t("guide.addBody", { button: tt("add") })}</p>,
      actions: (
        <>
          {back("create")}
          {next("file", () => {
            findTourTarget("template-add")?.click();
            setStep("file");
          })}
        </>
      ),
    },
    file: {
      title: t("guide.fileTitle"),
      body: (
        <>
          <p>{t("guide.fileBody")}</p>
          <p>{t("guide.sampleIntro")}</p>
          <p className="flex flex-wrap gap-2">
            <a className={link} href={operationHref(getSampleTemplateOp, { lang: "en" })} hrefLang="en" download>
              {t("guide.sampleEn")}
            </a>
            <a className={link} href={operationHref(getSampleTemplateOp, { lang: "es" })} hrefLang="es" download>
              {t("guide.sampleEs")}
            </a>
          </p>
        </>
      ),
      // No Back: 'Add template' sits behind the open dialog.
      actions: next("name"),
    },
    name: {
      title: t("guide.nameTitle"),
      body: <p>{t("guide.nameBody")}</p>,
      actions: (
        <>
          {back("file")}
          {next("upload")}
        </>
      ),
    },
    // The upload itself is the way on: success hands the tour over to the template's page.
    upload: { title: t("guide.uploadTitle"), body: <p>{t("guide.uploadBody", { button: tt("upload") })}</p>, actions: back("name") },
  };
  const { title, body, actions } = content[step];

  return (
    <TourPopover
      stepKey={step}
      target={TARGETS[step]}
      title={title}
      counter={counter}
      closeLabel={t("close")}
      actions={actions}
      onClose={skip}
      onTargetMissing={IN_DIALOG.includes(step) ? () => setStep("add") : undefined}
    >
      {body}
    </TourPopover>
  );
}

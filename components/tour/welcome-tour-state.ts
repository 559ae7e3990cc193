import { callOperation } from "@/lib/client/operations";
import { recordWelcomeTourOp } from "@/lib/operations/routes/user";

/** Fired by the upload dialog when a template was created, just before it navigates to it. */
export const TEMPLATE_UPLOADED_EVENT = "templateUploaded";
export type TemplateUploadedDetail = { id: string };

/** Intro steps (spec: 4), then the guided template creation: 4 on /templates, 5 on the template page. */
export const INTRO_STEPS = 4;
export const GUIDED_STEPS = 9;
export const GUIDED_STEPS_BEFORE_HANDOVER = 4;

// The hand-over across the one route change the tour survives (upload → /t/{id}/view): this
// tab only, for that template only, and short-lived.
const HANDOVER_KEY = "covenant.welcomeTour.handover";
const HANDOVER_TTL_MS = 10 * 60 * 1000;

export function handOverWelcomeTour(templateId: string): void {
  try {
    sessionStorage.setItem(HANDOVER_KEY, JSON.stringify({ templateId, at: Date.now() }));
  } catch {
    // Storage unavailable (private mode quotas): the tour simply ends with the navigation.
  }
}

/** Whether the welcome tour was handed over to this template's page; the hand-over is used up. */
export function takeWelcomeTourHandover(templateId: string): boolean {
  try {
    const raw = sessionStorage.getItem(HANDOVER_KEY);
    if (!raw) return false;
    sessionStorage.removeItem(HANDOVER_KEY);
    const { templateId: id, at } = JSON.parse(raw) as { templateId?: unknown; at?: unknown };
    return id === templateId && typeof at === "number" && Date.now() - at < HANDOVER_TTL_MS;
  } catch {
    return false;
  }
}

/**
 * Records how the tour ended (recordWelcomeTour: sets hasSeenWelcomeTour, audits a
 * skip or a finish). The tour has already closed; if the call fails it shows again next visit.
 */
export function endWelcomeTour(outcome: "skipped" | "finished", step: string): Promise<void> {
  return callOperation(recordWelcomeTourOp, { outcome, step }).then(
    () => undefined,
    () => undefined,
  );
}

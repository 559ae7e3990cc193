import { route } from "@/lib/http/route";
import { recordWelcomeTour, recordWelcomeTourSchema } from "@/lib/users/record-welcome-tour";

/** Ends the welcome tour, skipped or finished: sets hasSeenWelcomeTour and records the event. */
export const POST = route({ operation: "recordWelcomeTour", input: recordWelcomeTourSchema }, ({ ctx, input }) =>
  recordWelcomeTour(ctx, input),
);

import { restRoute } from "@/lib/operations/rest";
import { recordWelcomeTourOperation } from "@/lib/users/user-operations";

/** Ends the welcome tour, skipped or finished: sets hasSeenWelcomeTour and records the event. */
export const POST = restRoute(recordWelcomeTourOperation);

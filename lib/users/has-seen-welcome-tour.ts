import { z } from "zod";

// The user's metadata Json column (prisma/schema: { hasSeenWelcomeTour, hasSeenWelcomeTourFlow, ... }).
const userMetadataSchema = z.object({ hasSeenWelcomeTour: z.boolean().optional() }).catch({});

/** Whether the welcome tour is done for a user, read from their metadata (anything malformed counts as not seen). */
export function hasSeenWelcomeTour(metadata: unknown): boolean {
  return userMetadataSchema.parse(metadata ?? {}).hasSeenWelcomeTour === true;
}

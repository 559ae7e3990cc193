import { restRoute } from "@/lib/operations/rest";
import { updateUserMetadataOperation } from "@/lib/users/user-operations";

/** Sets the signed-in user's flags: `{ hasSeenWelcomeTour?, hasSeenWelcomeTourFlow? }` → the metadata (GraphQL `updateUserMetadata`). */
export const PATCH = restRoute(updateUserMetadataOperation);

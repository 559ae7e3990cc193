import { restRoute } from "@/lib/operations/rest";
import { uploadUserAvatarOperation, userAvatar } from "@/lib/users/user-operations";

/** Streams the signed-in user's picture, shown by an <img> of our pages. */
export const GET = restRoute(userAvatar);

/** Uploads the signed-in user's picture: multipart/form-data with one `file`. Answers { avatar }. */
export const POST = restRoute(uploadUserAvatarOperation);

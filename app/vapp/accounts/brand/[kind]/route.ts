import { brandImage, uploadBrandImageOperation } from "@/lib/accounts/brand-image-operations";
import { restRoute } from "@/lib/operations/rest";

/** Streams a brand image of the current workspace, shown by an <img> of our pages. */
export const GET = restRoute(brandImage, { withParams: true });

/** Uploads a brand image: multipart/form-data with one `file`. */
export const POST = restRoute(uploadBrandImageOperation, { withParams: true });

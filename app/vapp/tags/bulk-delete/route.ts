import { idsSchema } from "@/lib/categories/schemas";
import { deleteTags } from "@/lib/tags/tags";
import { route } from "@/lib/http/route";

export const POST = route({ operation: "bulkDeleteTags", input: idsSchema }, async ({ ctx, input }) => ({ ids: await deleteTags(ctx, input.ids) }));

import { createTag, findTags, tagInputSchema, tagUpsertSchema, upsertTag } from "@/lib/tags/tags";
import { route } from "@/lib/http/route";

export const GET = route({ operation: "tags" }, ({ ctx }) => findTags(ctx));

export const POST = route({ operation: "createTag", input: tagInputSchema }, async ({ ctx, input }) =>
  Response.json(await createTag(ctx, input), { status: 201 }),
);

/** Updates the tag `id` names (keeping what is not given), or creates one without `id` (GraphQL `upsertTag`). */
export const PUT = route({ operation: "upsertTag", input: tagUpsertSchema }, ({ ctx, input }) => upsertTag(ctx, input));

import { createTag, findTags, tagInputSchema } from "@/lib/tags/tags";
import { route } from "@/lib/http/route";

export const GET = route({ operation: "tags" }, ({ ctx }) => findTags(ctx));

export const POST = route({ operation: "createTag", input: tagInputSchema }, async ({ ctx, input }) =>
  Response.json(await createTag(ctx, input), { status: 201 }),
);

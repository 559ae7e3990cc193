import { z } from "zod";
import { deleteTags, tagUpdateSchema, updateTag } from "@/lib/tags/tags";
import { route } from "@/lib/http/route";

export const PATCH = route({ operation: "updateTag", input: tagUpdateSchema, withParams: true }, ({ ctx, input }) => updateTag(ctx, input));

export const DELETE = route({ operation: "deleteTag", input: z.object({ id: z.string().min(1).max(64) }), withParams: true }, async ({ ctx, input }) => ({
  id: (await deleteTags(ctx, [input.id]))[0],
}));

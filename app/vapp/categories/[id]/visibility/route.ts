import { z } from "zod";
import { setCategoryHidden } from "@/lib/categories/save-category";
import { route } from "@/lib/http/route";

/** Hides or shows a category: { hidden }. */
export const PUT = route(
  { operation: "setCategoryVisibility", input: z.object({ id: z.string().min(1).max(64), hidden: z.boolean() }).strict(), withParams: true },
  ({ ctx, input }) => setCategoryHidden(ctx, input),
);

import { z } from "zod";

export const CATEGORY_GROUPS = ["document", "template"] as const;

export const categoryInputSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    group: z.enum(CATEGORY_GROUPS).default("document"),
  })
  .strict();
export type CategoryInput = z.input<typeof categoryInputSchema>;

/** REST upsert: with `id` renames that category (its group stays); without, creates one in `group`. */
export const categoryUpsertSchema = categoryInputSchema.extend({ id: z.string().min(1).max(64).optional() }).strict();
export type CategoryUpsert = z.input<typeof categoryUpsertSchema>;

export const categoryUpdateSchema = z.object({ id: z.string().min(1).max(64), name: z.string().trim().min(1).max(100) }).strict();
export type CategoryUpdate = z.infer<typeof categoryUpdateSchema>;

export const idsSchema = z.object({ ids: z.array(z.string().min(1).max(64)).min(1).max(500) }).strict();

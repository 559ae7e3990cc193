import { z } from "zod";
import { idString } from "@/lib/validation/ids";
import { LIMITS } from "@/lib/validation/limits";

export const CATEGORY_GROUPS = ["document", "template"] as const;

export const categoryInputSchema = z
  .object({
    name: z.string().trim().min(1).max(LIMITS.name),
    group: z.enum(CATEGORY_GROUPS).default("document"),
  })
  .strict();
export type CategoryInput = z.input<typeof categoryInputSchema>;

/** REST upsert: with `id` renames that category (its group stays); without, creates one in `group`. */
export const categoryUpsertSchema = categoryInputSchema.extend({ id: idString().optional() }).strict();
export type CategoryUpsert = z.input<typeof categoryUpsertSchema>;

export const categoryUpdateSchema = z.object({ id: idString(), name: z.string().trim().min(1).max(LIMITS.name) }).strict();
export type CategoryUpdate = z.infer<typeof categoryUpdateSchema>;

export const idsSchema = z.object({ ids: z.array(idString()).min(1).max(500) }).strict();

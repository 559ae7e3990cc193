import { z } from "zod";
import { PERMISSIONS } from "@/lib/auth/permissions";
import { idString } from "@/lib/validation/ids";
import { LIMITS } from "@/lib/validation/limits";

const idSchema = idString();
const nameSchema = z.string().trim().min(1).max(LIMITS.shortName);
/** Only the permission strings of lib/auth/permissions.ts; repeats are dropped. */
const permissionsSchema = z
  .array(z.enum(PERMISSIONS, { error: (issue) => `Unknown permission: ${String(issue.input)}.` }))
  .max(PERMISSIONS.length * 2)
  .transform((list) => [...new Set(list)]);
const metadataSchema = z.record(z.string(), z.unknown()).refine((value) => JSON.stringify(value).length <= 4_000, "Metadata is too large.");

export const accountRoleInputSchema = z
  .object({ name: nameSchema, permissions: permissionsSchema, metadata: metadataSchema.optional() })
  .strict();
export type AccountRoleInput = z.input<typeof accountRoleInputSchema>;

export const accountRoleUpdateSchema = z
  .object({ id: idSchema, name: nameSchema.optional(), permissions: permissionsSchema.optional(), metadata: metadataSchema.optional() })
  .strict();
export type AccountRoleUpdate = z.input<typeof accountRoleUpdateSchema>;

/** With `id`, updates that role; without, creates one (then name and permissions are required). */
export const accountRoleUpsertSchema = accountRoleUpdateSchema
  .extend({ id: idSchema.optional() })
  .refine((input) => input.id || (input.name && input.permissions), {
    message: "A new role needs a name and its permissions.",
    path: ["name"],
  });
export type AccountRoleUpsert = z.input<typeof accountRoleUpsertSchema>;

export const idsSchema = z.object({ ids: z.array(idSchema).min(1).max(500) }).strict();

import { z } from "zod";
import { moment } from "@/lib/text/calendar-dates";
import { idString } from "@/lib/validation/ids";
import { LIMITS } from "@/lib/validation/limits";

/**
 * The roles a share link may carry. A link never gives editor or owner: whoever holds the URL
 * would then change or delete the document (docs/share-links.md, docs/permissions.md).
 */
export const LINK_ROLES = ["reader", "commenter", "reviewer"] as const;
export type LinkRole = (typeof LINK_ROLES)[number];

/** At most this many addresses or domains in each of a link's lists. */
export const LINK_LIST_MAX = 100;
/** At most this many links per document (a long list helps nobody and costs a page of rows). */
export const LINKS_PER_DOCUMENT_MAX = 50;
/** The furthest expiry a link may be given. */
export const LINK_MAX_LIFETIME_DAYS = 5 * 366;

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * One entry of an allow or deny list: an address ("ana@acme.com") or a domain ("acme.com" or
 * "@acme.com", stored as "acme.com"). Lower-cased and trimmed.
 */
export const addressEntrySchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .transform((value) => (value.startsWith("@") ? value.slice(1) : value))
  .refine((value) => (value.includes("@") ? z.email().safeParse(value).success : DOMAIN.test(value)), {
    message: "Enter an email address or a domain such as acme.com.",
  });

export const addressListSchema = z
  .array(addressEntrySchema)
  .max(LINK_LIST_MAX)
  .transform((list) => [...new Set(list)]);

/** An instant with its offset (the browser sends toISOString()); the service checks it is ahead. */
const expirySchema = moment;

export const linkSettingsSchema = z
  .object({
    name: z.string().trim().min(1).max(LIMITS.name),
    role: z.enum(LINK_ROLES),
    expiredAt: expirySchema.nullable(),
    isSecure: z.boolean(),
    allowList: addressListSchema,
    denyList: addressListSchema,
  })
  .strict();

export const createLinkSchema = linkSettingsSchema.partial({
  role: true,
  expiredAt: true,
  isSecure: true,
  allowList: true,
  denyList: true,
});
export type CreateLinkInput = z.input<typeof createLinkSchema>;

export const updateLinkSchema = linkSettingsSchema.partial();
export type UpdateLinkInput = z.input<typeof updateLinkSchema>;

export const linkIdSchema = idString();
export const linkIdsSchema = z.object({ ids: z.array(linkIdSchema).min(1).max(100) }).strict();

/** What a visitor sends to open a link: nothing, then their address, then the emailed code. */
export const validateLinkSchema = z
  .object({
    email: z.string().trim().toLowerCase().max(LIMITS.email).pipe(z.email()).optional(),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/)
      .optional(),
  })
  .strict();
export type ValidateLinkInput = z.input<typeof validateLinkSchema>;

export const refreshLinkSchema = z.object({ refreshToken: z.string().min(1).max(2000) }).strict();

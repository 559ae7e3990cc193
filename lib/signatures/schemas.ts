import { z } from "zod";
import { idString } from "@/lib/validation/ids";

/**
 * The shapes of parties, signers and placeholders (issue 16): the inputs the member operations
 * take and the outputs every transport answers. Settings are whole objects with defaults, so a
 * stored row always reads the same keys. docs/approvals-and-signatures.md.
 */
export const SIGN_PROCESSES = ["ordered", "parallel"] as const;
export type SignProcess = (typeof SIGN_PROCESSES)[number];

export const signerSettingsSchema = z
  .object({
    allowBiometric: z.boolean().default(true),
    allowCertificate: z.boolean().default(false),
    allowDownload: z.boolean().default(true),
    rubricAllPages: z.boolean().default(false),
    sendReminders: z.boolean().default(true),
    allowApprovals: z.boolean().default(false),
  })
  .strict();
export type SignerSettings = z.infer<typeof signerSettingsSchema>;

/** Settings as a member gives them: any of the keys, the others keep their values or defaults. */
export const signerSettingsInputSchema = signerSettingsSchema.partial();

/** A stored settings object read back with every key (defaults for the missing ones). */
export const signerSettingsOf = (value: unknown): SignerSettings => {
  const parsed = signerSettingsSchema.safeParse(value && typeof value === "object" ? value : {});
  return parsed.success ? parsed.data : signerSettingsSchema.parse({});
};

const id = idString();
const name = z.string().trim().max(120);

export const partyInputSchema = z.object({ name: name.min(1), order: z.number().int().min(1).max(100).optional() }).strict();

export const signerInputSchema = z
  .object({
    firstName: name.default(""),
    lastName: name.default(""),
    email: z.string().trim().toLowerCase().email().max(254),
    phone: z.string().trim().max(40).optional(),
    message: z.string().trim().max(2000).optional(),
    order: z.number().int().min(1).max(100).default(1),
    partyId: id.nullable().optional(),
    settings: signerSettingsInputSchema.optional(),
  })
  .strict();

export const PLACEHOLDER_KINDS = ["signature", "initials", "field"] as const;

/** A box on a page, in fractions of the page's width and height (0 at the top left). */
export const placeholderInputSchema = z
  .object({
    signatureId: id,
    keyName: z.string().trim().min(1).max(120).describe("signature, initials, or the name of a template field the signer fills"),
    kind: z.enum(PLACEHOLDER_KINDS).describe("signature, initials or field"),
    fieldType: z
      .enum(["text", "date", "number", "attachment", "file", "image"])
      .optional()
      .describe("For a field: text, date, number, attachment, file or image."),
    required: z.boolean().default(true),
    page: z.number().int().min(1).max(5000),
    x: z.number().min(0).max(1),
    y: z.number().min(0).max(1),
    width: z.number().min(0.01).max(1),
    height: z.number().min(0.01).max(1),
  })
  .strict()
  .refine((box) => box.x + box.width <= 1.0001 && box.y + box.height <= 1.0001, { message: "The box must lie on the page." });
export type PlaceholderInput = z.infer<typeof placeholderInputSchema>;

export const placeholderOutputSchema = z
  .object({
    id: z.string(),
    signatureId: z.string().nullable(),
    keyName: z.string(),
    kind: z.enum(PLACEHOLDER_KINDS),
    fieldType: z.string().nullable(),
    required: z.boolean(),
    page: z.number().int(),
    x: z.number(),
    y: z.number(),
    width: z.number(),
    height: z.number(),
    value: z.string().nullable(),
  })
  .describe("A box on a page, in fractions of the page: signature, initials or a field the signer fills.");

export const SIGNATURE_STATES = ["created", "requested", "signed", "declined"] as const;

/** An email's state as the owner sees it: sent (written, on its way), delivered (the SMTP server accepted it), failed, opened (the tracking image was fetched). */
export const EMAIL_DELIVERY_STATUSES = ["sent", "delivered", "failed", "opened"] as const;

export const signerEmailSchema = z
  .object({
    kind: z.enum(["request", "reminder"]),
    status: z.enum(EMAIL_DELIVERY_STATUSES),
    sentAt: z.date(),
    deliveredAt: z.date().nullable(),
    failedAt: z.date().nullable(),
    openedAt: z.date().nullable(),
  })
  .describe("An email sent to a signer or reviewer (their request, their last reminder) and what became of it.");
export type SignerEmail = z.infer<typeof signerEmailSchema>;

export const signatureOutputSchema = z
  .object({
    id: z.string(),
    documentId: z.string(),
    partyId: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    order: z.number().int(),
    settings: signerSettingsSchema,
    state: z.enum(SIGNATURE_STATES),
    imageKind: z.string().nullable(),
    hasCertificate: z.boolean(),
    declineReason: z.string().nullable(),
    requestedAt: z.date().nullable(),
    signedAt: z.date().nullable(),
    declinedAt: z.date().nullable(),
    createdAt: z.date(),
    viewedAt: z.date().nullable().optional().describe("When the signer first opened the document from their link."),
    reminders: z.number().int().optional().describe("How many reminders were sent to the signer (automatic and Remind now)."),
    emails: z
      .array(signerEmailSchema)
      .optional()
      .describe("The signer's request email and last reminder, with their delivery and open status (the signers list)."),
  })
  .describe("A signer of a document and the state of their signature (created, requested, signed, declined).");
export type SignatureOutput = z.infer<typeof signatureOutputSchema>;

export const partyOutputSchema = z.object({
  id: z.string(),
  documentId: z.string(),
  name: z.string(),
  type: z.string(),
  order: z.number().int(),
});

import { z } from "zod";
import { defineOperation } from "@/lib/operations/operation";
import {
  createDocumentLink,
  deleteDocumentLink,
  deleteDocumentLinks,
  findDocumentLinks,
  updateDocumentLink,
  upsertDocumentLink,
} from "./document-links";
import {
  createLinkSchema,
  LINK_ROLES,
  linkIdSchema,
  linkIdsSchema,
  refreshLinkSchema,
  updateLinkSchema,
  validateLinkSchema,
} from "./schemas";
import { refreshDocumentLinkToken, validateDocumentLink } from "./validate-document-link";
import { idString } from "@/lib/validation/ids";

/**
 * A document's share links (spec section 7, "document links"), declared once for REST and
 * GraphQL (lib/operations/operation.ts). Managing them needs the editor role on the document
 * (the services check it); an API token acts as its member. Opening one (validateLink,
 * refreshLink) is for whoever holds the link: its id is the secret, so it is no workspace id
 * the isolation test could call with another's.
 */
const members = { callers: ["member", "apiToken"] } as const;
const anyone = { callers: ["visitor", "member", "apiToken"] } as const;
const id = idString();

export const linkSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  documentId: z.string(),
  createdById: z.string().nullable(),
  name: z.string(),
  role: z.enum(LINK_ROLES),
  expiredAt: z.date().nullable(),
  isSecure: z.boolean(),
  allowList: z.array(z.string()),
  denyList: z.array(z.string()),
  accessedAt: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  url: z.string(),
  isExpired: z.boolean(),
  permissions: z.array(z.string()),
});

const linkTokensShape = {
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int(),
  document: z.object({ id: z.string(), name: z.string() }),
  role: z.enum(LINK_ROLES),
};

export const listLinks = defineOperation({
  name: "links",
  kind: "query",
  description: "The share links of a document (editor role).",
  ...members,
  input: z.object({ id }).strict(),
  output: z.array(linkSchema),
  ids: ["id"],
  run: (ctx, input) => findDocumentLinks(ctx, input.id),
});

export const createLink = defineOperation({
  name: "createLink",
  kind: "mutation",
  description: "Creates a share link on a document (editor): { name, role?, expiredAt?, isSecure?, allowList?, denyList? }.",
  ...members,
  input: createLinkSchema.extend({ id }),
  output: linkSchema,
  ids: ["id"],
  run: (ctx, { id: documentId, ...settings }) => createDocumentLink(ctx, documentId, settings),
});

export const updateLink = defineOperation({
  name: "updateLink",
  kind: "mutation",
  description: "Updates a share link's settings; what is not given is kept (editor).",
  ...members,
  input: updateLinkSchema.extend({ linkId: linkIdSchema }),
  output: linkSchema,
  ids: ["linkId"],
  run: (ctx, { linkId, ...settings }) => updateDocumentLink(ctx, linkId, settings),
});

export const upsertLink = defineOperation({
  name: "upsertLink",
  kind: "mutation",
  description:
    "Creates a share link on a document as createLink does, or with `linkId` updates one of that document's links as updateLink does (a link of another document is NOT_FOUND) (editor).",
  ...members,
  input: updateLinkSchema.extend({ id, linkId: linkIdSchema.optional() }),
  output: linkSchema,
  ids: ["id", "linkId"],
  run: (ctx, { id: documentId, linkId, ...settings }) => upsertDocumentLink(ctx, documentId, { ...settings, id: linkId }),
});

export const deleteLink = defineOperation({
  name: "deleteLink",
  kind: "mutation",
  description: "Removes a share link: every token issued for it stops working (editor).",
  ...members,
  input: z.object({ linkId: linkIdSchema }).strict(),
  output: z.object({ id: z.string() }),
  ids: ["linkId"],
  run: async (ctx, input) => ({ id: await deleteDocumentLink(ctx, input.linkId) }),
});

export const bulkDeleteLinks = defineOperation({
  name: "bulkDeleteLinks",
  kind: "mutation",
  description: "Removes several share links, all or none (editor on each one's document); at most 100.",
  ...members,
  input: linkIdsSchema,
  output: z.object({ ids: z.array(z.string()) }),
  ids: ["ids"],
  run: async (ctx, input) => ({ ids: await deleteDocumentLinks(ctx, input.ids) }),
});

export const validateLink = defineOperation({
  name: "validateLink",
  kind: "mutation",
  description: "Opens a share link without an account: no email, then email, then email and code for a secure link.",
  ...anyone,
  input: validateLinkSchema.extend({ linkId: linkIdSchema }),
  output: z.discriminatedUnion("status", [
    z.object({ status: z.literal("valid"), ...linkTokensShape }),
    z.object({ status: z.literal("emailRequired") }),
    z.object({ status: z.literal("codeSent"), email: z.string() }),
  ]),
  run: (ctx, { linkId, ...data }) => validateDocumentLink(ctx, linkId, data),
});

export const refreshLink = defineOperation({
  name: "refreshLink",
  kind: "mutation",
  description: "Swaps a link refresh token for a new access token, while the link is live.",
  ...anyone,
  input: refreshLinkSchema,
  output: z.object(linkTokensShape),
  run: (ctx, input) => refreshDocumentLinkToken(ctx, input.refreshToken),
});

export const linkOperations = [listLinks, createLink, updateLink, upsertLink, deleteLink, bulkDeleteLinks, validateLink, refreshLink];

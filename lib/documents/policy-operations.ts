import { z } from "zod";
import { defineOperation } from "@/lib/operations/operation";
import { DOCUMENT_ROLES } from "./access";
import { answerAccessRequest, registerAccessDocumentPolicy } from "./access-requests";
import {
  answerAccessRequestSchema,
  documentPolicyIdsSchema,
  documentRoleList,
  findDocumentPolicies,
  lastActiveDocumentPolicies,
  transferDocumentOwnership,
  transferOwnershipSchema,
  upsertDocumentPolicy,
  upsertDocumentPolicySchema,
} from "./policies";
import { removeDocumentPolicies, removeDocumentPolicy } from "./remove-document-policies";
import { findPersonalLinks, shareWithPerson, shareWithPersonSchema } from "./share-with-person";
import { idString } from "@/lib/validation/ids";

/**
 * Who may open a document (spec section 7, "document policies"), declared once for REST and
 * GraphQL (lib/operations/operation.ts). The services check the caller's role on the document
 * (docs/permissions.md); an API token acts as its member.
 */
const members = { callers: ["member", "apiToken"] } as const;
const id = idString();
/** A document's id, from the path (/vapp/documents/{id}/...) or GraphQL's documentId. */
const documentInput = z.object({ id }).strict();

export const policySchema = z.object({
  id: z.string(),
  documentId: z.string(),
  userId: z.string(),
  role: z.enum(DOCUMENT_ROLES),
  status: z.enum(["active", "requested", "refused"]),
  important: z.boolean(),
  subscribe: z.boolean(),
  note: z.string().nullable(),
  metadata: z.unknown(),
  accessedAt: z.date().nullable(),
  createdAt: z.date(),
  inAccount: z.boolean(),
  user: z.object({
    id: z.string(),
    name: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    avatar: z.string().nullable(),
  }),
});

export const personalLinkSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(DOCUMENT_ROLES),
  expiredAt: z.date().nullable(),
  isExpired: z.boolean(),
  accessedAt: z.date().nullable(),
  createdAt: z.date(),
});

export const listPolicies = defineOperation({
  name: "policies",
  kind: "query",
  description: "Who has access to a document (reader); owners also get the pending requests. lastActive: the 5 most recently active.",
  ...members,
  // REST reads it from the query string ("true"), GraphQL as a boolean.
  input: documentInput.extend({ lastActive: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]).optional() }),
  output: z.array(policySchema),
  ids: ["id"],
  run: (ctx, input) => (input.lastActive ? lastActiveDocumentPolicies(ctx, input.id) : findDocumentPolicies(ctx, input.id)),
});

export const upsertPolicy = defineOperation({
  name: "upsertPolicy",
  kind: "mutation",
  description: "Gives a colleague a role on a document, or changes it (editor; owner for the owner role or an owner's policy).",
  ...members,
  input: upsertDocumentPolicySchema.extend({ id }),
  output: policySchema,
  ids: ["id", "userId"],
  run: (ctx, { id: documentId, ...data }) => upsertDocumentPolicy(ctx, documentId, data),
});

export const deletePolicy = defineOperation({
  name: "deletePolicy",
  kind: "mutation",
  description: "Removes someone's access or a request; a document keeps at least one owner (LAST_DOCUMENT_OWNER).",
  ...members,
  input: z.object({ policyId: id }).strict(),
  output: z.object({ id: z.string() }),
  ids: ["policyId"],
  run: async (ctx, input) => ({ id: await removeDocumentPolicy(ctx, input.policyId) }),
});

export const bulkDeletePolicies = defineOperation({
  name: "bulkDeletePolicies",
  kind: "mutation",
  description: "Removes several people's access or requests, all or none, each as deletePolicy would; a document keeps an owner.",
  ...members,
  input: documentPolicyIdsSchema,
  output: z.object({ ids: z.array(z.string()) }),
  ids: ["ids"],
  run: async (ctx, input) => ({ ids: await removeDocumentPolicies(ctx, input.ids) }),
});

export const registerAccessPolicy = defineOperation({
  name: "registerAccessDocumentPolicy",
  kind: "mutation",
  description:
    "Asks for access to a document of the workspace the caller cannot see; active at once with the setting autoApproveDocPolicy.",
  ...members,
  permission: ["ViewDocuments", "ManageDocuments"],
  input: documentInput,
  output: policySchema,
  ids: ["id"],
  run: (ctx, input) => registerAccessDocumentPolicy(ctx, input.id),
});

export const answerAccessRequestOperation = defineOperation({
  name: "answerAccessRequest",
  kind: "mutation",
  description: "An owner accepts (with role, reader by default) or refuses an access request.",
  ...members,
  input: answerAccessRequestSchema.extend({ policyId: id }),
  output: policySchema,
  ids: ["policyId"],
  run: (ctx, { policyId, ...answer }) => answerAccessRequest(ctx, policyId, answer),
});

export const transferOwnership = defineOperation({
  name: "transferDocumentOwnership",
  kind: "mutation",
  description: "Makes userId the owner of the document; the caller's owner policy becomes editor. Returns the new owner's policy.",
  ...members,
  input: transferOwnershipSchema.extend({ id }),
  output: policySchema,
  ids: ["id", "userId"],
  run: (ctx, input) => transferDocumentOwnership(ctx, input.id, input.userId),
});

export const listPersonalLinks = defineOperation({
  name: "personalLinks",
  kind: "query",
  description: "The people outside the workspace a document is shared with, by their personal links (editor role).",
  ...members,
  input: documentInput,
  output: z.array(personalLinkSchema),
  ids: ["id"],
  run: (ctx, input) => findPersonalLinks(ctx, input.id),
});

export const shareDocumentWithPerson = defineOperation({
  name: "shareDocumentWithPerson",
  kind: "mutation",
  description:
    "Shares a document with a person by address (editor): a member of the workspace gets a policy, anyone else a personal link while the setting documentShareExternalAccountMembers is on (FORBIDDEN otherwise).",
  ...members,
  input: shareWithPersonSchema.extend({ id }),
  output: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("policy"), policy: policySchema }),
    z.object({ kind: z.literal("link"), link: personalLinkSchema, capped: z.boolean(), renewed: z.boolean() }),
  ]),
  ids: ["id"],
  run: (ctx, { id: documentId, ...data }) => shareWithPerson(ctx, documentId, data),
});

export const listDocumentRoles = defineOperation({
  name: "documentRoles",
  kind: "query",
  description: "The five document roles with their labels in the request's language and what each allows.",
  callers: ["member", "apiToken"],
  input: z.object({}).strict(),
  output: z.array(
    z.object({
      id: z.enum(DOCUMENT_ROLES),
      name: z.enum(DOCUMENT_ROLES),
      label: z.string(),
      global: z.boolean(),
      permissions: z.array(z.string()),
    }),
  ),
  run: async (ctx) => documentRoleList(ctx),
});

export const policyOperations = [
  listDocumentRoles,
  listPolicies,
  upsertPolicy,
  deletePolicy,
  bulkDeletePolicies,
  registerAccessPolicy,
  answerAccessRequestOperation,
  transferOwnership,
  listPersonalLinks,
  shareDocumentWithPerson,
];

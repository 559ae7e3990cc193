import { DOCUMENT_ROLES } from "@/lib/documents/access";
import type { PresentedPolicy } from "@/lib/documents/policy-rules";
import {
  answerAccessRequestOperation,
  bulkDeletePolicies,
  deletePolicy,
  listDocumentRoles,
  listPersonalLinks,
  listPolicies,
  registerAccessPolicy,
  shareDocumentWithPerson,
  transferOwnership,
  upsertPolicy,
} from "@/lib/documents/policy-operations";
import type { PersonalLink as PersonalLinkRow, ShareWithPersonResult } from "@/lib/documents/share-with-person";
import { resolveOperation } from "@/lib/operations/graphql";
import { builder } from "../builder";

/** GraphQL gives absent arguments as undefined and explicit ones possibly as null: keep only what was given. */
const given = (data: Record<string, unknown>, nullable: string[] = []) =>
  Object.fromEntries(Object.entries(data).filter(([key, v]) => v !== undefined && (v !== null || nullable.includes(key))));

const DocumentRoleNameEnum = builder.enumType("DocumentRoleName", {
  description: "Document roles, each holding the rights of the ones before it (docs/permissions.md).",
  values: DOCUMENT_ROLES,
});

const DocumentPolicyStatusEnum = builder.enumType("DocumentPolicyStatus", {
  description: "active: the role applies. requested: an access request waiting for an owner. refused: a request an owner refused.",
  values: ["active", "requested", "refused"] as const,
});

const DocumentPolicyUser = builder.simpleObject("DocumentPolicyUser", {
  description: "The person a document policy is for: a colleague of the workspace.",
  fields: (t) => ({
    id: t.id(),
    name: t.string(),
    firstName: t.string(),
    lastName: t.string(),
    email: t.string(),
    avatar: t.string({ nullable: true }),
  }),
});

/** A person's role on a document, or their request for one (spec DocumentPolicy). */
const DocumentPolicy = builder.objectRef<PresentedPolicy>("DocumentPolicy").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    documentId: t.exposeID("documentId"),
    user: t.field({ type: DocumentPolicyUser, resolve: (p) => p.user }),
    role: t.field({ type: DocumentRoleNameEnum, resolve: (p) => p.role }),
    status: t.field({ type: DocumentPolicyStatusEnum, resolve: (p) => p.status }),
    important: t.exposeBoolean("important"),
    subscribe: t.exposeBoolean("subscribe"),
    note: t.exposeString("note", { nullable: true }),
    inAccount: t.exposeBoolean("inAccount", { description: "Whether the person is still an active member of the workspace." }),
    metadata: t.field({ type: "JSON", resolve: (p) => p.metadata }),
    accessedAt: t.expose("accessedAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const DocumentRole = builder.simpleObject("DocumentRole", {
  description: "One of the five document roles (spec DocumentRole); the id is the role's name.",
  fields: (t) => ({
    id: t.id(),
    name: t.string(),
    label: t.string({ description: "The role's name in the request's language." }),
    global: t.boolean(),
    permissions: t.stringList(),
  }),
});

const DocumentPolicyInput = builder.inputType("DocumentPolicyInput", {
  fields: (t) => ({
    userId: t.id({ required: true }),
    role: t.field({ type: DocumentRoleNameEnum, required: true }),
    note: t.string({ description: "null clears it." }),
    important: t.boolean(),
    subscribe: t.boolean(),
  }),
});

/** A document shared with one person outside the workspace: their address, never the link's URL (its secret). */
const PersonalLink = builder.objectRef<PersonalLinkRow>("PersonalLink").implement({
  description: "A personal share link (secure, for exactly one address): a person outside the workspace a document is shared with.",
  fields: (t) => ({
    id: t.exposeID("id"),
    email: t.exposeString("email"),
    role: t.field({ type: DocumentRoleNameEnum, description: "At most reviewer, what links give.", resolve: (link) => link.role }),
    expiredAt: t.expose("expiredAt", { type: "DateTime", nullable: true }),
    isExpired: t.exposeBoolean("isExpired"),
    accessedAt: t.expose("accessedAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const ShareWithPersonKindEnum = builder.enumType("ShareWithPersonKind", {
  description: "policy: the person is a member of the workspace and got a document policy. link: anyone else, who got a personal link.",
  values: ["policy", "link"] as const,
});

/** The REST answer of POST /vapp/documents/{id}/share, with the fields of the other kind null. */
const ShareWithPersonResultRef = builder.objectRef<ShareWithPersonResult>("ShareWithPersonResult").implement({
  description:
    "What sharing with a person gave, as POST /vapp/documents/{id}/share answers: a policy (kind policy) or a personal link (kind link, with capped and renewed).",
  fields: (t) => ({
    kind: t.field({ type: ShareWithPersonKindEnum, resolve: (r) => r.kind }),
    policy: t.field({ type: DocumentPolicy, nullable: true, resolve: (r) => (r.kind === "policy" ? r.policy : null) }),
    link: t.field({ type: PersonalLink, nullable: true, resolve: (r) => (r.kind === "link" ? r.link : null) }),
    capped: t.boolean({
      nullable: true,
      description: "link only: the role asked for was more than a link gives, so the link carries reviewer.",
      resolve: (r) => (r.kind === "link" ? r.capped : null),
    }),
    renewed: t.boolean({
      nullable: true,
      description: "link only: an open personal link for the address was updated and renewed.",
      resolve: (r) => (r.kind === "link" ? r.renewed : null),
    }),
  }),
});

const ShareWithPersonInput = builder.inputType("ShareWithPersonInput", {
  fields: (t) => ({
    email: t.string({ required: true }),
    role: t.field({ type: DocumentRoleNameEnum, required: true }),
  }),
});

builder.queryFields((t) => ({
  personalLinks: t.field({
    type: [PersonalLink],
    description: "The people outside the workspace a document is shared with, by their personal links (editor role).",
    args: { documentId: t.arg.id({ required: true }) },
    resolve: resolveOperation(listPersonalLinks, ({ documentId }) => ({ id: String(documentId) })),
  }),
  policies: t.field({
    type: [DocumentPolicy],
    description: "Who has access to a document (reader); owners also get the pending requests. lastActive: the 5 most recently active.",
    args: { documentId: t.arg.id({ required: true }), lastActive: t.arg.boolean() },
    resolve: resolveOperation(listPolicies, ({ documentId, lastActive }) => ({
      id: String(documentId),
      ...(lastActive == null ? {} : { lastActive }),
    })),
  }),
  documentRoles: t.field({
    type: [DocumentRole],
    description: "The five document roles with what each allows.",
    resolve: resolveOperation(listDocumentRoles),
  }),
}));

builder.mutationFields((t) => ({
  upsertPolicy: t.field({
    type: DocumentPolicy,
    description: "Gives a colleague a role on a document, or changes it (editor; owner for the owner role or an owner's policy).",
    args: { documentId: t.arg.id({ required: true }), data: t.arg({ type: DocumentPolicyInput, required: true }) },
    resolve: resolveOperation(upsertPolicy, ({ documentId, data }) => {
      const input = data as { userId: string | number } & Record<string, unknown>;
      return { ...given({ ...input, userId: String(input.userId) }, ["note"]), id: String(documentId) };
    }),
  }),
  deletePolicy: t.field({
    type: "ID",
    description: "Removes someone's access or a request; a document keeps at least one owner (LAST_DOCUMENT_OWNER).",
    args: { id: t.arg.id({ required: true }) },
    resolve: resolveOperation(
      deletePolicy,
      ({ id }) => ({ policyId: String(id) }),
      (result) => result.id,
    ),
  }),
  bulkDeletePolicies: t.field({
    type: ["ID"],
    description: "Removes several people's access or requests, all or none, each as deletePolicy would; a document keeps an owner.",
    args: { ids: t.arg.idList({ required: true }) },
    resolve: resolveOperation(bulkDeletePolicies, null, (result) => result.ids),
  }),
  shareDocumentWithPerson: t.field({
    type: ShareWithPersonResultRef,
    description:
      "Shares a document with a person by address (editor): a member of the workspace gets a policy, anyone else a personal link while the setting documentShareExternalAccountMembers is on (FORBIDDEN otherwise).",
    args: { documentId: t.arg.id({ required: true }), data: t.arg({ type: ShareWithPersonInput, required: true }) },
    resolve: resolveOperation(shareDocumentWithPerson, ({ documentId, data }) => ({ ...(data as object), id: String(documentId) })),
  }),
  registerAccessDocumentPolicy: t.field({
    type: DocumentPolicy,
    description:
      "Asks for access to a document of the workspace the caller cannot see; active at once with the setting autoApproveDocPolicy.",
    args: { id: t.arg.id({ required: true }) },
    resolve: resolveOperation(registerAccessPolicy),
  }),
  answerAccessRequest: t.field({
    type: DocumentPolicy,
    description: "An owner accepts (with role, reader by default) or refuses an access request.",
    args: { id: t.arg.id({ required: true }), accept: t.arg.boolean({ required: true }), role: t.arg({ type: DocumentRoleNameEnum }) },
    resolve: resolveOperation(answerAccessRequestOperation, ({ id, accept, role }) => ({
      ...given({ accept, role }),
      policyId: String(id),
    })),
  }),
  transferDocumentOwnership: t.field({
    type: DocumentPolicy,
    description: "Makes userId the owner of document id; the caller's owner policy becomes editor. Returns the new owner's policy.",
    args: { id: t.arg.id({ required: true }), userId: t.arg.id({ required: true }) },
    resolve: resolveOperation(transferOwnership),
  }),
}));

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
import type { Operation } from "@/lib/operations/operation";
import { builder } from "../builder";
import { declaredField, type DeclaredFieldOptions, type Naming } from "../from-declarations";

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
    userId: t.exposeID("userId"),
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
    id: t.field({ type: DocumentRoleNameEnum }),
    name: t.field({ type: DocumentRoleNameEnum }),
    label: t.string({ description: "The role's name in the request's language." }),
    global: t.boolean(),
    permissions: t.stringList(),
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

/** The GraphQL names of the declarations' enums (the `data` arguments name their input types below). */
const naming: Naming = { names: new Map(), enums: { [DOCUMENT_ROLES.join("|")]: DocumentRoleNameEnum } };

/** The field of a declaration, built from it. */
const field = (t: object, operation: object, options?: DeclaredFieldOptions) =>
  declaredField(t as never, operation as Operation, naming, options) as never;

builder.queryFields((t) => ({
  personalLinks: field(t, listPersonalLinks, { ref: [PersonalLink] }),
  // REST reads lastActive from the query string too ("true"): GraphQL takes a Boolean.
  policies: field(t, listPolicies, { ref: [DocumentPolicy], args: (arg) => ({ lastActive: arg({ type: "Boolean" } as never) }) }),
  documentRoles: field(t, listDocumentRoles, { ref: [DocumentRole] }),
}));

builder.mutationFields((t) => ({
  // A null note clears it.
  upsertPolicy: field(t, upsertPolicy, { ref: DocumentPolicy, data: { outside: ["id"], type: "DocumentPolicyInput" } }),
  deletePolicy: field(t, deletePolicy, { pick: { type: "ID", from: (result: { id: string }) => result.id } }),
  bulkDeletePolicies: field(t, bulkDeletePolicies, { pick: { type: ["ID"], from: (result: { ids: string[] }) => result.ids } }),
  shareDocumentWithPerson: field(t, shareDocumentWithPerson, {
    ref: ShareWithPersonResultRef,
    data: { outside: ["id"], type: "ShareWithPersonInput" },
  }),
  registerAccessDocumentPolicy: field(t, registerAccessPolicy, { ref: DocumentPolicy }),
  answerAccessRequest: field(t, answerAccessRequestOperation, { ref: DocumentPolicy }),
  transferDocumentOwnership: field(t, transferOwnership, { ref: DocumentPolicy }),
}));

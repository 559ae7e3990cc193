import { findUserSummaries, type UserSummary as UserSummaryRow } from "@/lib/documents/find-user-summaries";
import { documentAbilities, documentRole } from "@/lib/documents/access";
import { getLockHolder, liveLockHolderId } from "@/lib/documents/document-lock";
import { DOCUMENT_STATUSES, documentHealth } from "@/lib/documents/status";
import type { DocumentRoleName } from "@/lib/generated/prisma/client";
import { builder } from "../builder";

/** The documents' object types: the document, its versions, its author, abilities and lock, a page of them. */

export const DocumentStatusEnum = builder.enumType("DocumentStatus", { values: DOCUMENT_STATUSES });
const HealthEnum = builder.enumType("DocumentHealth", { values: ["green", "amber", "red"] as const });

const HighlightPart = builder.simpleObject("HighlightPart", {
  description: "A piece of a search match: matched parts are the words found. Render as text, never HTML.",
  fields: (t) => ({ text: t.string(), match: t.boolean() }),
});

type AuthorRow = { id: string; firstName: string; lastName: string; email: string };
export const authorSelect = { select: { id: true, firstName: true, lastName: true, email: true } } as const;

/** Who made a document or template: a member of the account, never their private settings. */
export const Author = builder.objectRef<AuthorRow>("Author").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    firstName: t.exposeString("firstName"),
    lastName: t.exposeString("lastName"),
    email: t.exposeString("email"),
    name: t.string({ resolve: (a) => [a.firstName, a.lastName].filter(Boolean).join(" ") || a.email }),
  }),
});

/** A person by id and display name only (a version's author, a lock's holder, an attachment's author). */
export const UserSummary = builder.simpleObject("UserSummary", {
  description: "A member of the workspace by id and display name (first and last name, else their address).",
  fields: (t) => ({ id: t.id(), name: t.string() }),
});

type VersionRow = {
  id: string;
  /** Added by the resolvers where the version service does not give it (findDocumentVersions). */
  documentId: string;
  version: number;
  name: string;
  mimetype: string;
  size: number;
  createdAt: Date;
  readOnly: boolean;
  delimiters: string | null;
  authorId: string | null;
  /** Given by findDocumentVersions; looked up from authorId otherwise. */
  author?: UserSummaryRow | null;
};
const versionSelect = {
  id: true,
  documentId: true,
  version: true,
  name: true,
  mimetype: true,
  size: true,
  createdAt: true,
  readOnly: true,
  delimiters: true,
  authorId: true,
} as const;

/** The versions of one document as DocumentContent rows (the version service leaves the document's id out). */
const ofDocument = <T extends object>(documentId: string, versions: T[]) => versions.map((v) => ({ ...v, documentId }));

/**
 * One version of a document's file (spec DocumentContent), without its text. Not exposed:
 * `thumbnail` and `signed` (docs/api.md), and fields a version does not have in our data.
 */
export const DocumentVersion = builder.objectRef<VersionRow>("DocumentContent").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    version: t.exposeInt("version"),
    authorId: t.exposeID("authorId", { nullable: true, description: "Who uploaded or generated this version (see `author`)." }),
    name: t.exposeString("name"),
    mimetype: t.exposeString("mimetype"),
    size: t.exposeInt("size"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    readOnly: t.exposeBoolean("readOnly"),
    path: t.string({
      description:
        "Where this version's file downloads from (GET, the caller's session or token): /vapp/documents/{documentId}/file?version=N.",
      resolve: (v) => `/vapp/documents/${encodeURIComponent(v.documentId)}/file?version=${v.version}`,
    }),
    preview: t.string({
      description: "Where a person views this version in the browser: /d/{documentId}/view?version=N.",
      resolve: (v) => `/d/${encodeURIComponent(v.documentId)}/view?version=${v.version}`,
    }),
    delimiters: t.string({
      nullable: true,
      description: "The variable format the file was generated with, if any.",
      resolve: (v) => v.delimiters,
    }),
    author: t.field({
      type: UserSummary,
      nullable: true,
      description: "Who uploaded or generated this version; null when unknown or no longer a user.",
      resolve: async (v, _args, { ctx }) => {
        if (v.author !== undefined) return v.author;
        const { authorId } = v;
        return authorId ? ((await findUserSummaries(ctx, [authorId])).get(authorId) ?? null) : null;
      },
    }),
  }),
});

const TemplateSummary = builder.simpleObject("TemplateSummary", { fields: (t) => ({ id: t.id(), name: t.string() }) });

const DocumentAbilities = builder.simpleObject("DocumentAbilities", {
  description: "What the caller's document role allows (docs/permissions.md).",
  fields: (t) => ({
    view: t.boolean(),
    comment: t.boolean(),
    suggest: t.boolean(),
    edit: t.boolean(),
    share: t.boolean(),
    manage: t.boolean(),
  }),
});

export const DocumentLock = builder.simpleObject("DocumentLock", {
  description: "Spec DocumentLocked: the edit lock after taking or releasing it, with its holder.",
  fields: (t) => ({
    locked: t.boolean(),
    lockedAt: t.field({ type: "DateTime", nullable: true }),
    user: t.field({
      type: UserSummary,
      nullable: true,
      description: "Who holds the lock (the caller after lockDocument); null once released.",
    }),
  }),
});

/** Extra values the document services attach to a row (role on getDocument, highlight on search ...). */
type Extras = {
  role?: string | null;
  abilities?: { view: boolean; comment: boolean; suggest: boolean; edit: boolean; share: boolean; manage: boolean } | null;
  highlight?: { text: string; match: boolean }[] | null;
  author?: AuthorRow | null;
  contents?: VersionRow[];
  template?: { id: string; name: string } | null;
  policies?: { userId: string; role: DocumentRoleName; status: string }[];
};

export const DocumentRef = builder.prismaObject("Document", {
  fields: (t) => ({
    id: t.exposeID("id"),
    accountId: t.exposeID("accountId"),
    authorId: t.exposeID("authorId", { nullable: true }),
    templateId: t.exposeID("templateId", { nullable: true }),
    categoryId: t.exposeID("categoryId", { nullable: true }),
    folderId: t.exposeID("folderId", { nullable: true }),
    name: t.exposeString("name"),
    description: t.exposeString("description", { nullable: true }),
    status: t.expose("status", { type: DocumentStatusEnum }),
    ref: t.exposeString("ref", { nullable: true }),
    language: t.exposeString("language", { nullable: true }),
    jurisdiction: t.exposeString("jurisdiction", { nullable: true }),
    risk: t.exposeInt("risk", { nullable: true }),
    complexity: t.exposeInt("complexity", { nullable: true }),
    priority: t.exposeInt("priority", { nullable: true }),
    value: t.float({ nullable: true, resolve: (d) => (d.value === null ? null : Number(d.value)) }),
    currency: t.exposeString("currency", { nullable: true }),
    startedAt: t.expose("startedAt", { type: "DateTime", nullable: true }),
    endedAt: t.expose("endedAt", { type: "DateTime", nullable: true }),
    renewalAt: t.expose("renewalAt", { type: "DateTime", nullable: true }),
    cancelledAt: t.expose("cancelledAt", { type: "DateTime", nullable: true }),
    archived: t.exposeBoolean("archived"),
    variables: t.expose("variables", { type: "JSON" }),
    settings: t.expose("settings", { type: "JSON" }),
    metadata: t.expose("metadata", { type: "JSON" }),
    lockedById: t.exposeID("lockedById", {
      nullable: true,
      description: "Who last took the edit lock (see `lockedBy`: the live holder, if any).",
    }),
    lockedAt: t.expose("lockedAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    health: t.field({ type: HealthEnum, resolve: (d) => documentHealth(d) }),
    /** True when someone else holds a live edit lock. */
    locked: t.boolean({
      resolve: (d, _args, { ctx }) => {
        const holderId = liveLockHolderId(d);
        return !!holderId && holderId !== ctx.userId;
      },
    }),
    lockedBy: t.field({
      type: UserSummary,
      nullable: true,
      description:
        "Who holds a live edit lock (the caller included), null when nobody does. Only documents the caller sees reach this field.",
      resolve: (d, _args, { ctx }) => getLockHolder(ctx, d),
    }),
    category: t.relation("category", { nullable: true }),
    folder: t.relation("folder", { nullable: true }),
    tags: t.relation("tags"),
    template: t.field({
      type: TemplateSummary,
      nullable: true,
      select: { template: { select: { id: true, name: true } } },
      resolve: (d) => (d as Extras).template ?? null,
    }),
    author: t.field({ type: Author, nullable: true, select: { author: authorSelect }, resolve: (d) => (d as Extras).author ?? null }),
    /** The latest version. */
    content: t.field({
      type: DocumentVersion,
      nullable: true,
      select: { contents: { orderBy: { version: "desc" }, take: 1, select: versionSelect } },
      resolve: (d) => ofDocument(d.id, (d as Extras).contents ?? [])[0] ?? null,
    }),
    contents: t.field({
      type: [DocumentVersion],
      description: "The latest version, as a list of one (as the REST answer's `contents`); `content` is the same version.",
      select: { contents: { orderBy: { version: "desc" }, take: 1, select: versionSelect } },
      resolve: (d) => ofDocument(d.id, (d as Extras).contents ?? []),
    }),
    /** The caller's document role: given by `document(id)`, null in lists. */
    role: t.string({ nullable: true, resolve: (d) => (d as Extras).role ?? null }),
    /** What the caller may do: given by `document(id)` and in `documents` pages, from the caller's policies loaded with the document elsewhere. */
    abilities: t.field({
      type: DocumentAbilities,
      select: (_args, { ctx }) => ({
        policies: { where: { userId: ctx.userId ?? "", status: "active" }, select: { userId: true, role: true, status: true } },
      }),
      resolve: async (d, _args, { ctx }) =>
        (d as Extras).abilities ?? documentAbilities(await documentRole(ctx, { id: d.id, policies: (d as Extras).policies })),
    }),
    /** The matched passages of a full-text search (`documents(search:)`), null otherwise. */
    highlight: t.field({ type: [HighlightPart], nullable: true, resolve: (d) => (d as Extras).highlight ?? null }),
  }),
});

export const DocumentPage = builder.simpleObject("DocumentPage", {
  fields: (t) => ({
    items: t.field({ type: [DocumentRef] }),
    total: t.int(),
    page: t.int(),
    pages: t.int(),
    perPage: t.int(),
    capped: t.boolean({
      description: "There are more than `total` documents: a count stopped there, or (with `ranked`) a search ranked no more.",
    }),
    ranked: t.boolean({
      description: "A search by relevance ranked only its `total` most recently updated matches, and its pages end there.",
    }),
  }),
});

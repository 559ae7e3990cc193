import { linkPermissions, linkUrl } from "@/lib/links/document-links";
import { isLinkExpired } from "@/lib/links/link-access";
import { bulkDeleteLinks, createLink, deleteLink, listLinks, updateLink, upsertLink, validateLink } from "@/lib/links/link-operations";
import { LINK_ROLES } from "@/lib/links/schemas";
import { resolveOperation, resolvePrismaOperation } from "@/lib/operations/graphql";
import { builder } from "../builder";
import { withoutUndefined } from "./arguments";
// The `document` relation needs the Document type.
import "./document-types";

/** The settings of a LinkInput (create and update take no id). */
const settingsOf = (data: object) => Object.fromEntries(Object.entries(withoutUndefined(data)).filter(([key]) => key !== "id"));

const LinkRole = builder.enumType("LinkRole", {
  description: "The roles a share link may give: at most reviewer (docs/share-links.md).",
  values: LINK_ROLES,
});

/** A share link (spec DocumentLink). Only editors of its document see it: its id is its secret. */
builder.prismaObject("DocumentLink", {
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    role: t.field({ type: LinkRole, resolve: (link) => link.role as (typeof LINK_ROLES)[number] }),
    expiredAt: t.expose("expiredAt", { type: "DateTime", nullable: true }),
    isExpired: t.boolean({ resolve: (link) => isLinkExpired(link) }),
    accessedAt: t.expose("accessedAt", { type: "DateTime", nullable: true }),
    permissions: t.stringList({
      description: "What the link's visitor may do: view, download, comment, suggest.",
      resolve: (link) => linkPermissions(link.role),
    }),
    isSecure: t.exposeBoolean("isSecure"),
    allowList: t.exposeStringList("allowList"),
    denyList: t.exposeStringList("denyList"),
    url: t.string({ description: "The public address to send.", resolve: (link) => linkUrl(link.id) }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    document: t.relation("document"),
  }),
});

const LinkDocument = builder.simpleObject("LinkDocument", { fields: (t) => ({ id: t.id(), name: t.string() }) });

const LinkValidation = builder.simpleObject("LinkValidation", {
  description: "valid: the tokens are set. emailRequired: ask the visitor's address. codeSent: a code was emailed to it.",
  fields: (t) => ({
    status: t.string(),
    email: t.string({ nullable: true }),
    accessToken: t.string({ nullable: true }),
    refreshToken: t.string({ nullable: true }),
    expiresIn: t.int({ nullable: true }),
    role: t.field({ type: LinkRole, nullable: true }),
    document: t.field({ type: LinkDocument, nullable: true }),
  }),
});

const LinkInput = builder.inputType("LinkInput", {
  fields: (t) => ({
    id: t.id({ description: "upsertLink only: the link to update." }),
    name: t.string(),
    role: t.field({ type: LinkRole }),
    expiredAt: t.string({ description: "ISO date-time in the future; null for a link that does not expire." }),
    isSecure: t.boolean(),
    allowList: t.stringList(),
    denyList: t.stringList(),
  }),
});

builder.queryFields((t) => ({
  links: t.prismaField({
    type: ["DocumentLink"],
    description: "The share links of a document (editor role).",
    args: { documentId: t.arg.id({ required: true }) },
    resolve: resolvePrismaOperation(listLinks, ({ documentId }) => ({ id: String(documentId) })),
  }),
}));

builder.mutationFields((t) => ({
  createLink: t.prismaField({
    type: "DocumentLink",
    args: { documentId: t.arg.id({ required: true }), data: t.arg({ type: LinkInput, required: true }) },
    resolve: resolvePrismaOperation(createLink, ({ documentId, data }) => ({ ...settingsOf(data as object), id: String(documentId) })),
  }),
  updateLink: t.prismaField({
    type: "DocumentLink",
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: LinkInput, required: true }) },
    resolve: resolvePrismaOperation(updateLink, ({ id, data }) => ({ ...settingsOf(data as object), linkId: String(id) })),
  }),
  upsertLink: t.prismaField({
    type: "DocumentLink",
    description: "Creates a share link on documentId, or with data.id updates one of its links (editor).",
    args: { documentId: t.arg.id({ required: true }), data: t.arg({ type: LinkInput, required: true }) },
    resolve: resolvePrismaOperation(upsertLink, ({ documentId, data }) => {
      const { id: linkId, ...settings } = withoutUndefined(data as object);
      return { ...settings, ...(linkId == null ? {} : { linkId: String(linkId) }), id: String(documentId) };
    }),
  }),
  deleteLink: t.field({
    type: "ID",
    args: { id: t.arg.id({ required: true }) },
    resolve: resolveOperation(
      deleteLink,
      ({ id }) => ({ linkId: String(id) }),
      (result) => result.id,
    ),
  }),
  bulkDeleteLinks: t.field({
    type: ["ID"],
    args: { ids: t.arg.idList({ required: true }) },
    resolve: resolveOperation(bulkDeleteLinks, null, (result) => result.ids),
  }),
  validateLink: t.field({
    type: LinkValidation,
    description: "Opens a share link without an account: no email, then email, then email and code for a secure link.",
    args: { id: t.arg.id({ required: true }), email: t.arg.string(), code: t.arg.string() },
    resolve: resolveOperation(
      validateLink,
      ({ id, email, code }) => ({ ...withoutUndefined({ email: email ?? undefined, code: code ?? undefined }), linkId: String(id) }),
      (result) => ({
        status: result.status,
        email: result.status === "codeSent" ? result.email : null,
        accessToken: result.status === "valid" ? result.accessToken : null,
        refreshToken: result.status === "valid" ? result.refreshToken : null,
        expiresIn: result.status === "valid" ? result.expiresIn : null,
        role: result.status === "valid" ? (result.role as (typeof LINK_ROLES)[number]) : null,
        document: result.status === "valid" ? result.document : null,
      }),
    ),
  }),
}));

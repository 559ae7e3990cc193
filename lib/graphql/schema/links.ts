import type { z } from "zod";
import { COMMENT_KINDS } from "@/lib/documents/relation-types";
import { linkPermissions, linkUrl } from "@/lib/links/document-links";
import { isLinkExpired } from "@/lib/links/link-access";
import * as links from "@/lib/links/link-operations";
import { LINK_ROLES } from "@/lib/links/schemas";
import * as visitors from "@/lib/links/visitor-operations";
import type { Operation } from "@/lib/operations/operation";
import { builder } from "../builder";
import { declaredFields, type Naming } from "../from-declarations";
import { CommentKindEnum } from "./relations";
// The `document` relation needs the Document type.
import "./document-types";

/**
 * Share links (spec section 7, "document links") and what their visitors do: links, createLink,
 * updateLink, upsertLink, deleteLink, bulkDeleteLinks (editor); validateLink and refreshLink (who
 * holds the link); linkedDocument and the link's comments (the visitor, by the link's access token
 * as `Authorization: Bearer`, as over REST). Each field runs its declaration
 * (lib/links/link-operations.ts, lib/links/visitor-operations.ts) and is built from it
 * (lib/graphql/from-declarations.ts): arguments, result type, enums and description. Written by
 * hand: the link's Prisma object (its document loads in the same statement) and the answer of
 * validateLink (one object for its three outcomes).
 */
const LinkRole = builder.enumType("LinkRole", {
  description: "The roles a share link may give: at most reviewer (docs/share-links.md).",
  values: LINK_ROLES,
});

/** A share link (spec DocumentLink). Only editors of its document see it: its id is its secret. */
builder.prismaObject("DocumentLink", {
  fields: (t) => ({
    id: t.exposeID("id"),
    accountId: t.exposeID("accountId"),
    documentId: t.exposeID("documentId"),
    createdById: t.exposeID("createdById", { nullable: true, description: "The member who made it." }),
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

type Validation = z.infer<typeof links.validateLink.output>;

/** validateLink's three outcomes (valid, emailRequired, codeSent) as one object: what an outcome lacks is null. */
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

const validation = (result: Validation) => ({
  status: result.status,
  email: result.status === "codeSent" ? result.email : null,
  accessToken: result.status === "valid" ? result.accessToken : null,
  refreshToken: result.status === "valid" ? result.refreshToken : null,
  expiresIn: result.status === "valid" ? result.expiresIn : null,
  role: result.status === "valid" ? result.role : null,
  document: result.status === "valid" ? result.document : null,
});

/** The GraphQL names of the declarations' shapes (lib/graphql/from-declarations.ts). */
const naming: Naming = {
  names: new Map<z.ZodType, string>([[visitors.linkCommentSchema, "LinkComment"]]),
  enums: { [LINK_ROLES.join("|")]: LinkRole, [COMMENT_KINDS.join("|")]: CommentKindEnum },
};

const pickId = { pick: { type: "ID", from: (result: { id: string }) => result.id } };

builder.queryFields((t) =>
  declaredFields(t as never, [links.listLinks, visitors.linkedDocument, visitors.linkComments] as unknown as Operation[], naming, {
    links: { ref: ["DocumentLink"], prisma: true },
    linkedDocument: "LinkedDocument",
  }),
);

const declaredMutations = [
  links.createLink,
  links.updateLink,
  links.upsertLink,
  links.deleteLink,
  links.bulkDeleteLinks,
  links.validateLink,
  links.refreshLink,
  visitors.createLinkComment,
  visitors.updateLinkCommentOperation,
  visitors.deleteLinkCommentOperation,
] as const;

builder.mutationFields((t) =>
  declaredFields(t as never, declaredMutations as unknown as Operation[], naming, {
    createLink: { ref: "DocumentLink", prisma: true },
    updateLink: { ref: "DocumentLink", prisma: true },
    upsertLink: { ref: "DocumentLink", prisma: true },
    deleteLink: pickId,
    bulkDeleteLinks: { pick: { type: ["ID"], from: (result: { ids: string[] }) => result.ids } },
    validateLink: { pick: { type: LinkValidation, from: validation } },
    refreshLink: "LinkTokens",
    deleteLinkComment: pickId,
  }),
);

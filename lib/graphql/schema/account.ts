import type { z } from "zod";
import {
  accountSamlSlug,
  createAccountOperation,
  currentAccount,
  switchAccountOperation,
  updateAccountOperation,
  upgradeContact,
} from "@/lib/accounts/account-operations";
import { withEffectivePermissions } from "@/lib/accounts/find-account-roles";
import { MEMBERSHIP_STATUSES } from "@/lib/accounts/member";
import { listMembers } from "@/lib/accounts/member-operations";
import { listAccountRoles } from "@/lib/accounts/role-operations";
import { bulkDeleteTokens, createToken, deleteToken, listTokens } from "@/lib/accounts/token-operations";
import { accountSettingsSchema, brandSchema } from "@/lib/accounts/update-account";
import { db } from "@/lib/db";
import type { Operation } from "@/lib/operations/operation";
import { builder } from "../builder";
import { declaredField, type DeclaredFieldOptions, type Naming } from "../from-declarations";

/**
 * The workspace, its roles, members and API tokens (spec section 7, "Account"). Each field runs
 * its declaration (lib/accounts/*-operations.ts) and is built from it
 * (lib/graphql/from-declarations.ts): arguments, result type, enums and description. Written by
 * hand: the Prisma objects (Account, AccountRole, AccountPolicy, AccountToken), whose relations
 * load in the same statement; the drift test checks them against the declarations' outputs.
 */

/** Fields about the caller's relation to an account are given only for the current account. */
const isCurrent = (accountId: string, ctxAccountId: string | null) => accountId === ctxAccountId;

builder.prismaObject("Account", {
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    slug: t.exposeString("slug", { nullable: true }),
    active: t.exposeBoolean("active"),
    brand: t.expose("brand", { type: "JSON" }),
    settings: t.expose("settings", { type: "JSON" }),
    metadata: t.expose("metadata", { type: "JSON" }),
    capabilities: t.exposeStringList("capabilities"),
    limits: t.expose("limits", { type: "JSON" }),
    integrations: t.expose("integrations", { type: "JSON" }),
    notificationIdentity: t.expose("notificationIdentity", { type: "JSON" }),
    contact: t.expose("contact", { type: "JSON" }),
    legalName: t.exposeString("legalName", { nullable: true }),
    tax: t.field({ type: "JSON", resolve: (account) => ({ taxId: account.taxId }) }),
    address: t.expose("address", { type: "JSON", nullable: true }),
    plan: t.exposeString("planSlug"),
    planSlug: t.exposeString("planSlug"),
    taxId: t.exposeString("taxId", { nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    tos: t.boolean({
      description: "Whether the caller accepted the terms of service.",
      resolve: async (_account, _args, { ctx }) =>
        ctx.userId ? ((await db.user.findUnique({ where: { id: ctx.userId }, select: { tos: true } }))?.tos ?? false) : false,
    }),
    role: t.string({ nullable: true, resolve: (a, _args, { ctx }) => (isCurrent(a.id, ctx.accountId) ? ctx.role : null) }),
    permissions: t.stringList({ resolve: (a, _args, { ctx }) => (isCurrent(a.id, ctx.accountId) ? [...ctx.permissions] : []) }),
    admin: t.boolean({ resolve: (a, _args, { ctx }) => isCurrent(a.id, ctx.accountId) && ctx.permissions.has("ManageAccount") }),
  }),
});

builder.prismaObject("AccountRole", {
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    global: t.exposeBoolean("global"),
    permissions: t.stringList({ resolve: (role) => withEffectivePermissions(role).permissions }),
    object: t.exposeString("object"),
    metadata: t.expose("metadata", { type: "JSON" }),
    accountId: t.exposeID("accountId", { nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

const AccountPolicy = builder.prismaObject("AccountPolicy", {
  fields: (t) => ({
    id: t.exposeID("id"),
    user: t.relation("user"),
    role: t.relation("role"),
    account: t.relation("account"),
    accountId: t.exposeID("accountId"),
    userId: t.exposeID("userId"),
    roleId: t.exposeID("roleId"),
    status: t.field({ type: AccountPolicyStatus, resolve: (policy) => policy.status }),
    metadata: t.expose("metadata", { type: "JSON" }),
    accessedAt: t.expose("accessedAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

const AccountToken = builder.prismaObject("AccountToken", {
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    active: t.exposeBoolean("active"),
    keyPrefix: t.exposeString("keyPrefix"),
    metadata: t.expose("metadata", { type: "JSON" }),
    used: t.exposeInt("used"),
    usedAt: t.expose("usedAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    userId: t.exposeID("userId", { description: "The member the token acts as." }),
  }),
});

/** A page of members: the Prisma objects, so that each member's user and role load in the same statement. */
const AccountPolicyPage = builder.simpleObject("AccountPolicyPage", {
  fields: (t) => ({
    items: t.field({ type: [AccountPolicy] }),
    total: t.int(),
    page: t.int(),
    pages: t.int(),
    perPage: t.int(),
  }),
});

/** A membership's status: active, invited (the invitation not accepted yet) or disabled. */
export const AccountPolicyStatus = builder.enumType("AccountPolicyStatus", { values: MEMBERSHIP_STATUSES });

/** The GraphQL names of the declarations' shapes (lib/graphql/from-declarations.ts). */
export const accountNaming: Naming = {
  names: new Map<z.ZodType, string>([
    [listMembers.input.shape.filter.unwrap(), "AccountPolicyFilter"],
    [createToken.output, "CreatedToken"],
    [accountSamlSlug.output, "AccountSlug"],
    [upgradeContact.output, "UpgradeContact"],
    [accountSettingsSchema, "AccountSettings"],
    [brandSchema, "Brand"],
  ]),
  enums: {
    [MEMBERSHIP_STATUSES.join("|")]: AccountPolicyStatus,
    "createdAt|accessedAt": "AccountPolicyOrderBy",
    "asc|desc": "SortDirection",
    "checkout|url|administrators|none": "UpgradeContactKind",
  },
};

/** The field of a declaration, built from it. */
const field = (t: object, operation: object, options?: DeclaredFieldOptions) =>
  declaredField(t as never, operation as Operation, accountNaming, options) as never;

builder.queryFields((t) => ({
  account: field(t, currentAccount, { ref: "Account", prisma: true }),
  accountSamlSlug: field(t, accountSamlSlug),
  // A page of Prisma objects: the members' selection is the page's `items` (relations in one statement).
  accountPolicies: field(t, listMembers, { ref: AccountPolicyPage, page: true }),
  accountRoles: field(t, listAccountRoles, { ref: ["AccountRole"], prisma: true }),
  tokens: field(t, listTokens, { ref: [AccountToken], prisma: true }),
  getUpgradeContact: field(t, upgradeContact),
}));

builder.mutationFields((t) => ({
  // The token's fields in `data`, as before; the answer carries its key this once.
  createToken: field(t, createToken, { data: { outside: [], type: "TokenInput" } }),
  deleteToken: field(t, deleteToken, { ref: AccountToken, prisma: true }),
  bulkDeleteTokens: field(t, bulkDeleteTokens, { pick: { type: ["ID"], from: (result: { ids: string[] }) => result.ids } }),
  // The spec's "create account (data)".
  createAccount: field(t, createAccountOperation, { ref: "Account", prisma: true, data: { outside: [], type: "CreateAccountInput" } }),
  switchAccount: field(t, switchAccountOperation, { ref: "Account", prisma: true }),
  // Only the fields sent change; a null inside settings or brand is kept where it clears (a brand image).
  updateAccount: field(t, updateAccountOperation, { ref: "Account", prisma: true, data: { outside: [], type: "UpdateAccountInput" } }),
}));

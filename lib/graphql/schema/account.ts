import { queryFromInfo } from "@pothos/plugin-prisma";
import {
  accountSamlSlug,
  createAccountOperation,
  currentAccount,
  switchAccountOperation,
  updateAccountOperation,
} from "@/lib/accounts/account-operations";
import { listMembers } from "@/lib/accounts/member-operations";
import { withEffectivePermissions } from "@/lib/accounts/find-account-roles";
import { listAccountRoles } from "@/lib/accounts/role-operations";
import { bulkDeleteTokens, createToken, deleteToken, listTokens } from "@/lib/accounts/token-operations";
import { graphqlInput, resolveOperation, resolvePrismaOperation } from "@/lib/operations/graphql";
import { runOperation } from "@/lib/operations/operation";
import { builder } from "../builder";

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
    createdAt: t.expose("createdAt", { type: "DateTime" }),
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
  }),
});

const AccountPolicy = builder.prismaObject("AccountPolicy", {
  fields: (t) => ({
    id: t.exposeID("id"),
    user: t.relation("user"),
    role: t.relation("role"),
    account: t.relation("account"),
    status: t.exposeString("status"),
    metadata: t.expose("metadata", { type: "JSON" }),
    accessedAt: t.expose("accessedAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
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
  }),
});

const CreatedToken = builder.simpleObject("CreatedToken", {
  description: "A new API token; `key` is shown this once and never again.",
  fields: (t) => ({ id: t.id(), name: t.string(), keyPrefix: t.string(), key: t.string(), createdAt: t.field({ type: "DateTime" }) }),
});

const AccountPolicyPage = builder.simpleObject("AccountPolicyPage", {
  fields: (t) => ({
    items: t.field({ type: [AccountPolicy] }),
    total: t.int(),
    page: t.int(),
    pages: t.int(),
    perPage: t.int(),
  }),
});

const AccountPolicyFilter = builder.inputType("AccountPolicyFilter", {
  fields: (t) => ({ status: t.string(), search: t.string() }),
});

const AccountSlug = builder.simpleObject("AccountSlug", { fields: (t) => ({ id: t.id(), name: t.string() }) });

const TokenInput = builder.inputType("TokenInput", { fields: (t) => ({ name: t.string({ required: true }) }) });

builder.queryFields((t) => ({
  account: t.prismaField({ type: "Account", resolve: resolvePrismaOperation(currentAccount) as never }),
  accountSamlSlug: t.field({
    type: AccountSlug,
    args: { slug: t.arg.string({ required: true }) },
    resolve: resolveOperation(accountSamlSlug),
  }),
  accountPolicies: t.field({
    type: AccountPolicyPage,
    args: {
      page: t.arg.int(),
      size: t.arg.int(),
      filter: t.arg({ type: AccountPolicyFilter }),
      orderBy: t.arg.string(),
      sortBy: t.arg.string(),
    },
    resolve: (_root, args, context, info) =>
      runOperation(listMembers, context.ctx, graphqlInput(args), queryFromInfo({ context, info, path: ["items"] })) as never,
  }),
  accountRoles: t.prismaField({ type: ["AccountRole"], resolve: resolvePrismaOperation(listAccountRoles) }),
  tokens: t.prismaField({ type: [AccountToken], resolve: resolvePrismaOperation(listTokens) as never }),
}));

builder.mutationFields((t) => ({
  createToken: t.field({
    type: CreatedToken,
    args: { data: t.arg({ type: TokenInput, required: true }) },
    resolve: resolveOperation(createToken, ({ data }) => graphqlInput(data as Record<string, unknown>)),
  }),
  deleteToken: t.prismaField({
    type: AccountToken,
    args: { id: t.arg.id({ required: true }) },
    resolve: resolvePrismaOperation(deleteToken) as never,
  }),
  bulkDeleteTokens: t.field({
    type: ["ID"],
    description: "Revokes several API tokens, all or none; their keys fail at once. Returns the ids.",
    args: { ids: t.arg.idList({ required: true }) },
    resolve: resolveOperation(bulkDeleteTokens, null, (result) => result.ids),
  }),
}));

const CreateAccountInput = builder.inputType("CreateAccountInput", { fields: (t) => ({ name: t.string({ required: true }) }) });

builder.mutationField("createAccount", (t) =>
  t.prismaField({
    type: "Account",
    args: { data: t.arg({ type: CreateAccountInput, required: true }) },
    resolve: resolvePrismaOperation(createAccountOperation, ({ data }) => graphqlInput(data as Record<string, unknown>)),
  }),
);

const AccountSettingsInput = builder.inputType("AccountSettingsInput", {
  fields: (t) => ({
    repositoryViewAllDocs: t.boolean(),
    documentShareExternalAccountMembers: t.boolean(),
    refBuilder: t.string(),
    refModification: t.boolean(),
    refCounter: t.int(),
    createTags: t.boolean(),
    hiddenCategories: t.stringList(),
    autoApproveDocPolicy: t.boolean(),
  }),
});

const BrandInput = builder.inputType("BrandInput", {
  fields: (t) => ({ primaryColor: t.string(), avatar: t.string(), logo: t.string(), altLogo: t.string() }),
});

const UpdateAccountInput = builder.inputType("UpdateAccountInput", {
  fields: (t) => ({
    name: t.string(),
    settings: t.field({ type: AccountSettingsInput }),
    brand: t.field({ type: BrandInput }),
  }),
});

/** GraphQL gives absent fields as undefined; keep explicit nulls (they clear a brand image). */
const withoutUndefined = <T extends object>(data: T | null | undefined) =>
  data ? Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)) : undefined;

/** The operation's input, with explicit nulls kept inside settings and brand (a null brand image clears it). */
const updateAccountInput = ({ data }: Record<string, unknown>) => {
  const { name, settings, brand } = data as { name?: string | null; settings?: object | null; brand?: object | null };
  return withoutUndefined({ name: name ?? undefined, settings: withoutUndefined(settings), brand: withoutUndefined(brand) });
};

builder.mutationField("updateAccount", (t) =>
  t.prismaField({
    type: "Account",
    args: { data: t.arg({ type: UpdateAccountInput, required: true }) },
    resolve: resolvePrismaOperation(updateAccountOperation, updateAccountInput),
  }),
);

builder.mutationField("switchAccount", (t) =>
  t.prismaField({
    type: "Account",
    args: { accountId: t.arg.id({ required: true }) },
    resolve: resolvePrismaOperation(switchAccountOperation),
  }),
);

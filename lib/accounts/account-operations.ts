import { z } from "zod";
import { defineOperation } from "@/lib/operations/operation";
import { acceptInvitation, acceptInvitationSchema } from "./accept-invitation";
import { createAccount, createAccountSchema } from "./create-account-for-user";
import { getAccount, getAccountView } from "./get-account";
import { getAccountIdBySlug } from "@/lib/auth/get-account-id-by-slug";
import { getUpgradeContact } from "./get-upgrade-contact";
import { requestAccountAccess, requestAccountAccessSchema } from "./request-access";
import { switchAccount, switchAccountSchema } from "./switch-account";
import { updateAccount, updateAccountSchema } from "./update-account";

/**
 * The workspace itself (docs/api.md, "Accounts"): reading and changing it, creating one, moving
 * the session to another, asking its administrators for access or an upgrade, and accepting an
 * invitation to it. Declared once for REST and GraphQL. Brand images: brand-image-operations.ts.
 */
const members = { callers: ["member", "apiToken"] } as const;

/** A workspace as its members see it (the Account type's fields). */
export const accountSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string().nullable(),
  active: z.boolean(),
  brand: z.unknown(),
  settings: z.unknown(),
  metadata: z.unknown(),
  planSlug: z.string(),
  capabilities: z.array(z.string()),
  limits: z.unknown(),
  integrations: z.unknown(),
  notificationIdentity: z.unknown(),
  contact: z.unknown(),
  legalName: z.string().nullable(),
  taxId: z.string().nullable(),
  address: z.unknown().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});

export const currentAccount = defineOperation({
  name: "account",
  kind: "query",
  description: "The caller's current workspace (or the one the account header names), with the caller's role, permissions and terms.",
  ...members,
  input: z.object({}),
  output: accountSchema.extend({
    tax: z.object({ taxId: z.string().nullable() }),
    role: z.string().nullable(),
    permissions: z.array(z.string()),
    admin: z.boolean(),
    tos: z.boolean(),
  }),
  // GraphQL passes its selection (its Account type shapes the answer); REST gets the view.
  run: async (ctx, _input, query): Promise<unknown> => (query ? getAccount(ctx, query) : getAccountView(ctx)),
});

export const createAccountOperation = defineOperation({
  name: "createAccount",
  kind: "mutation",
  description: "Creates a workspace for the signed-in user, who becomes its Administrator; the session moves into it.",
  ...members,
  input: createAccountSchema,
  output: accountSchema,
  run: (ctx, input) => createAccount(ctx, input),
});

export const updateAccountOperation = defineOperation({
  name: "updateAccount",
  kind: "mutation",
  description: "Changes the workspace's name, settings and brand: only the fields sent; a null brand image clears it.",
  ...members,
  permission: "ManageAccount",
  input: updateAccountSchema,
  output: accountSchema,
  run: (ctx, input) => updateAccount(ctx, input),
});

export const switchAccountOperation = defineOperation({
  name: "switchAccount",
  kind: "mutation",
  description: "Moves the session into another workspace the user is an active member of (NOT_FOUND for any other).",
  ...members,
  input: switchAccountSchema,
  output: accountSchema,
  ids: ["accountId"],
  run: (ctx, input) => switchAccount(ctx, input.accountId),
});

export const accountSamlSlug = defineOperation({
  name: "accountSamlSlug",
  kind: "query",
  description: "The workspace whose sign-in address is `/login/:slug` (SAML_SLUG_UNKNOWN for none).",
  callers: ["anyone"],
  input: z.object({ slug: z.string().trim().min(1).max(63) }),
  output: z.object({ id: z.string(), name: z.string() }),
  run: (_ctx, input) => getAccountIdBySlug(input.slug),
});

export const requestAccess = defineOperation({
  name: "requestAccountAccess",
  kind: "mutation",
  description: "Asks the workspace's administrators for more access, with an optional note (once a day).",
  ...members,
  input: requestAccountAccessSchema,
  output: z.object({ requestedAt: z.date(), recipients: z.number().int().describe("How many administrators were written to.") }),
  run: (ctx, input) => requestAccountAccess(ctx, input),
});

export const upgradeContact = defineOperation({
  name: "getUpgradeContact",
  kind: "query",
  description: "Where the upgrade prompt's 'Upgrade now' leads for the caller: `{ plan, href, kind }` (docs/upgrade.md).",
  ...members,
  input: z.object({}),
  output: z.object({ plan: z.string(), href: z.string().nullable(), kind: z.enum(["checkout", "url", "administrators", "none"]) }),
  run: (ctx) => getUpgradeContact(ctx),
});

export const acceptInvitationOperation = defineOperation({
  name: "acceptInvitation",
  kind: "mutation",
  description: "Accepts an invitation by its emailed token; a new invitee sets a name and password and is signed in.",
  callers: ["anyone"],
  // REST only: reached from the emailed invitation link, and a new invitee is signed in by the session cookie the route sets.
  graphql: false,
  input: acceptInvitationSchema,
  output: z.object({ accountId: z.string() }),
  run: (ctx, input) => acceptInvitation(ctx, input),
});

export const accountOperations = [
  currentAccount,
  createAccountOperation,
  updateAccountOperation,
  switchAccountOperation,
  accountSamlSlug,
  requestAccess,
  upgradeContact,
  acceptInvitationOperation,
];

import { z } from "zod";
import { defineOperation } from "@/lib/operations/operation";
import {
  accountTokenIdsSchema,
  createAccountToken,
  createAccountTokenSchema,
  findAccountTokens,
  revokeAccountToken,
  revokeAccountTokens,
} from "./account-tokens";
import { idString } from "@/lib/validation/ids";

/**
 * The workspace's API tokens (docs/api.md, "API tokens"), declared once for REST and GraphQL. All
 * need ManageTokens; an API token acts as its member. No answer ever carries a key but the one
 * createToken shows once.
 */
const managers = { callers: ["member", "apiToken"], permission: "ManageTokens" } as const;

const tokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
  keyPrefix: z.string(),
  metadata: z.unknown(),
  used: z.number().int(),
  usedAt: z.date().nullable(),
  createdAt: z.date(),
  userId: z.string(),
});

export const listTokens = defineOperation({
  name: "tokens",
  kind: "query",
  description: "The workspace's API tokens (at most 100, newest first), never their keys.",
  ...managers,
  input: z.object({}),
  output: z.array(tokenSchema),
  run: (ctx) => findAccountTokens(ctx),
});

export const createToken = defineOperation({
  name: "createToken",
  kind: "mutation",
  description: "Creates an API token acting as the caller; the answer carries its key this once.",
  ...managers,
  input: createAccountTokenSchema,
  output: tokenSchema.extend({ key: z.string() }).describe("A new API token; `key` is shown this once and never again."),
  run: (ctx, input) => createAccountToken(ctx, input),
});

export const deleteToken = defineOperation({
  name: "deleteToken",
  kind: "mutation",
  description: "Revokes a token of the workspace; its key stops working at once.",
  ...managers,
  input: z.object({ id: idString() }).strict(),
  output: tokenSchema,
  ids: ["id"],
  run: (ctx, input) => revokeAccountToken(ctx, input.id),
});

export const bulkDeleteTokens = defineOperation({
  name: "bulkDeleteTokens",
  kind: "mutation",
  description: "Revokes several tokens of the workspace (at most 100), all or none; the ids revoked.",
  ...managers,
  input: accountTokenIdsSchema,
  output: z.object({ ids: z.array(z.string()) }),
  ids: ["ids"],
  run: async (ctx, input) => ({ ids: (await revokeAccountTokens(ctx, input.ids)).map((token) => token.id) }),
});

export const tokenOperations = [listTokens, createToken, deleteToken, bulkDeleteTokens];

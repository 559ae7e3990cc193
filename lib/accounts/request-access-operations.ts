import { z } from "zod";
import { defineOperation } from "@/lib/operations/operation";
import { requestAccountAccess, requestAccountAccessSchema } from "./request-access";

/**
 * A member asks the workspace's administrators for more access (the home's request-access
 * button; spec section 7 names no operation for it). Declared once for REST and GraphQL.
 */
export const requestAccountAccessOperation = defineOperation({
  name: "requestAccountAccess",
  kind: "mutation",
  description: "Asks the workspace's administrators for the main permissions the caller's role lacks, with an optional note.",
  callers: ["member", "apiToken"],
  input: requestAccountAccessSchema,
  output: z.object({ requestedAt: z.date(), recipients: z.number() }),
  run: (ctx, input) => requestAccountAccess(ctx, input),
});

export const requestAccessOperations = [requestAccountAccessOperation];

import type { z } from "zod";
import { requestAccess } from "@/lib/accounts/account-operations";
import type { Operation } from "@/lib/operations/operation";
import { builder } from "../builder";
import { declaredField, type Naming } from "../from-declarations";

/** The GraphQL name of the answer (lib/graphql/from-declarations.ts). */
const naming: Naming = { names: new Map<z.ZodType, string>([[requestAccess.output, "AccountAccessRequest"]]), enums: {} };

// Spec section 7 names no operation for the home's request-access button; ours.
builder.mutationFields((t) => ({
  requestAccountAccess: declaredField(t as never, requestAccess as unknown as Operation, naming) as never,
}));
